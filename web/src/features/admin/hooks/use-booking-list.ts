import {useEffect, useState} from 'react'
import {useQueryClient} from '@tanstack/react-query'

import {ApiError} from '../../../lib/api-client'
import {staffKeys, useBookings, type BookingFilters} from '../api/staff-api'
import {useToast} from '../components/toasts'
import {useDebounced} from './use-debounced'
import {useTripView} from './use-trip-view'

export type ListFilters = Omit<BookingFilters, 'view'>

const EMPTY_FILTERS: ListFilters = {
  search: '',
  status: '',
  experience: '',
  page: 1,
}

/**
 * The bookings list as staff filter it: the search as typed (sent once typing pauses), the other filters, the trip
 * view from the address, and the page of bookings they select. A lapsed session returns to the sign-in; any other
 * failure is told in a toast.
 */
export function useBookingList(enabled: boolean) {
  const toast = useToast()
  const queryClient = useQueryClient()
  const [searchInput, setSearchInput] = useState('')
  const [filters, setFilters] = useState(EMPTY_FILTERS)
  const search = useDebounced(searchInput, 250)
  const [tripView, setTripView] = useTripView()
  const effective: BookingFilters = {...filters, search, view: tripView}
  const bookings = useBookings(effective, enabled)

  const error = bookings.error
  useEffect(() => {
    if (!error) return
    if (error instanceof ApiError && error.status === 401) {
      queryClient.setQueryData(staffKeys.session, null)
      return
    }
    console.error('Failed to load bookings', error)
    toast({title: 'Error', description: 'Failed to load bookings', variant: 'destructive'})
  }, [error, toast, queryClient])

  return {
    bookings,
    filters,
    effective,
    searchInput,
    tripView,
    /** A new search starts at its first page. */
    setSearch: (value: string) => {
      setSearchInput(value)
      setFilters((f) => (f.page === 1 ? f : {...f, page: 1}))
    },
    /** Any change of filter goes back to the first page, unless it is a change of page. */
    update: (patch: Partial<ListFilters>) =>
      setFilters((f) => ({...f, ...patch, page: patch.page ?? 1})),
    setTripView,
  }
}

export type BookingListState = ReturnType<typeof useBookingList>
