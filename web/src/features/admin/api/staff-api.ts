import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query'

import type {BookingStatus} from '@repo/schemas/booking-status.ts'
import type {ConfirmationNumbers} from '@repo/schemas/capacity.ts'
import type {StaffNotesChange, StatusChange} from '@repo/schemas/staff-booking-changes.ts'
import type {
  BookingChanged,
  BookingConflict,
  BookingList,
  BookingView,
  OverCapacityConflict,
  StaffBooking,
} from '@repo/schemas/staff-bookings.ts'
import type {StaffLogin, StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

import {ApiError, apiFetch} from '../../../lib/api-client'

/**
 * The staff API (`/api/staff`, see functions/staff). The session is an HttpOnly cookie the browser sends by
 * itself; nothing secret lives in this code. Filtering, search and paging run on the server. Its answers' types
 * are the server's own, from `@repo/schemas/staff-*.ts`.
 */
export type BookingFilters = {
  search: string
  status: BookingStatus | ''
  experience: string
  view: BookingView
  page: number
}

export const PAGE_SIZE = 25

/** What the dashboard says when an answer has no words of its own (the network failed, a proxy's error page). */
export const STAFF_CALL_FAILED = 'The server could not be reached. Please try again.'

/** A staff API call through the site's one client: a refusal is an `ApiError` (`body` has a 409's booking). */
export function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  return apiFetch<T>(
    `/api/staff${path}`,
    {
      credentials: 'same-origin',
      ...init,
      headers: {...(init.body ? {'Content-Type': 'application/json'} : {}), ...init.headers},
    },
    STAFF_CALL_FAILED,
  )
}

export function filtersToSearchParams(
  filters: Omit<BookingFilters, 'page' | 'view'> & {page?: number; view?: BookingView},
) {
  const params = new URLSearchParams()
  if (filters.search.trim()) params.set('search', filters.search.trim())
  if (filters.status) params.set('status', filters.status)
  if (filters.experience) params.set('experience', filters.experience)
  if (filters.view) params.set('view', filters.view)
  if (filters.page) params.set('page', String(filters.page))
  return params
}

export const staffKeys = {
  all: ['staff'] as const,
  session: ['staff', 'session'] as const,
  bookings: ['staff', 'bookings'] as const,
  departures: ['staff', 'departures'] as const,
  /** A booking's mail log; not under `bookings`, whose queries hold lists that a status change rewrites. */
  mail: ['staff', 'mail'] as const,
  people: ['staff', 'people'] as const,
  activity: ['staff', 'activity'] as const,
  incidents: ['staff', 'incidents'] as const,
}

export const staffSessionQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.session,
    queryFn: async () => {
      try {
        return await call<StaffSessionResponse>('/session')
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null
        throw error
      }
    },
    staleTime: Infinity,
    retry: false,
  })

export const useStaffSession = () => useQuery(staffSessionQueryOptions())

export const bookingsQueryOptions = (filters: BookingFilters) =>
  queryOptions({
    queryKey: [...staffKeys.bookings, filters],
    queryFn: ({signal}) =>
      call<BookingList>(`/bookings?${filtersToSearchParams({...filters})}&pageSize=${PAGE_SIZE}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  })

export const useBookings = (filters: BookingFilters, enabled: boolean) =>
  useQuery({...bookingsQueryOptions(filters), enabled})

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (login: StaffLogin) =>
      call<StaffSessionResponse>('/session', {method: 'POST', body: JSON.stringify(login)}),
    onSuccess: (session) => queryClient.setQueryData(staffKeys.session, session),
  })
}

export function useLock() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => call<null>('/session', {method: 'DELETE'}),
    onSettled: () => {
      // Everything staff saw (bookings, departures, mail) leaves the page's memory with the session.
      for (const queryKey of [
        staffKeys.bookings,
        staffKeys.departures,
        staffKeys.mail,
        staffKeys.people,
        staffKeys.activity,
      ])
        queryClient.removeQueries({queryKey})
      queryClient.setQueryData(staffKeys.session, null)
    },
  })
}

/** Puts the server's copy of one booking into every cached page that shows it. */
export function useReplaceBooking() {
  const queryClient = useQueryClient()
  return (booking: StaffBooking) =>
    queryClient.setQueriesData<BookingList>({queryKey: staffKeys.bookings}, (list) =>
      list
        ? {...list, bookings: list.bookings.map((b) => (b._id === booking._id ? booking : b))}
        : list,
    )
}

/** The numbers of a 409 that asks for "Confirm anyway"; null for any other error. */
export function overCapacityOf(error: unknown): ConfirmationNumbers | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null
  const body = error.body as Partial<OverCapacityConflict> | null
  return error.code === 'over-capacity' && body?.capacity ? body.capacity : null
}

export function useChangeStatus() {
  const replace = useReplaceBooking()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      booking,
      status,
      confirmAnyway,
    }: {
      booking: StaffBooking
      status: BookingStatus
      confirmAnyway?: boolean
    }) =>
      call<BookingChanged>(`/bookings/${encodeURIComponent(booking._id)}/status`, {
        method: 'PATCH',
        body: JSON.stringify({
          status,
          revision: booking._rev,
          ...(confirmAnyway ? {confirmAnyway: true} : {}),
        } satisfies StatusChange),
      }),
    onSuccess: ({booking}) => {
      replace(booking)
      // Tiles count statuses across all bookings, and the departures count places.
      void queryClient.invalidateQueries({queryKey: staffKeys.bookings})
      void queryClient.invalidateQueries({queryKey: staffKeys.departures})
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        const current = (error.body as BookingConflict | null)?.booking
        if (current) replace(current)
      }
    },
  })
}

export function useSaveNotes() {
  const replace = useReplaceBooking()
  return useMutation({
    mutationFn: ({booking, notes}: {booking: StaffBooking; notes: string}) =>
      call<BookingChanged>(`/bookings/${encodeURIComponent(booking._id)}/notes`, {
        method: 'PATCH',
        body: JSON.stringify({notes, revision: booking._rev} satisfies StaffNotesChange),
      }),
    onSuccess: ({booking}) => replace(booking),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        const current = (error.body as BookingConflict | null)?.booking
        if (current) replace(current)
      }
    },
  })
}

/** The CSV of what the list shows: its filters and its trips view. */
export const csvExportUrl = (filters: Omit<BookingFilters, 'page'>) =>
  `/api/staff/bookings.csv?${filtersToSearchParams(filters)}`

export const STAFF_EVENTS_URL = '/api/staff/events'
