import {useEffect, useState} from 'react'
import {useSearchParams} from 'react-router-dom'

import {isBookingView, type BookingView} from '@repo/schemas/staff-bookings.ts'

/**
 * Active, past or all trips, kept in the address (`?view=past`), so a reload or a shared link shows the same
 * trips; active, the default, keeps the address clean.
 */
export function useTripView(): [BookingView, (view: BookingView) => void] {
  const [params, setParams] = useSearchParams()
  const value = params.get('view')
  const fromAddress: BookingView = isBookingView(value) ? value : 'active'
  // The choice shows at once; the router updates the address a moment later (a transition), and a controlled radio
  // that waited for it would spring back to the old choice in between.
  const [view, setView] = useState(fromAddress)
  useEffect(() => setView(fromAddress), [fromAddress])
  const choose = (next: BookingView) => {
    setView(next)
    setParams(
      (current) => {
        const address = new URLSearchParams(current)
        if (next === 'active') address.delete('view')
        else address.set('view', next)
        return address
      },
      {replace: true},
    )
  }
  return [view, choose]
}
