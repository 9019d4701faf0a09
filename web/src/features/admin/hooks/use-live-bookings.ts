import {useEffect, useRef} from 'react'
import {useQueryClient} from '@tanstack/react-query'

import {STAFF_EVENTS_URL, staffKeys} from '../api/staff-api'

/**
 * New and changed bookings arrive over the staff events stream; the list refetches with its filters. The stream
 * also says when this session has ended.
 */
export function useLiveBookings(onNew: () => void, enabled: boolean) {
  const queryClient = useQueryClient()
  const onNewRef = useRef(onNew)
  onNewRef.current = onNew
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource(STAFF_EVENTS_URL)
    let timer: ReturnType<typeof setTimeout> | undefined
    source.addEventListener('booking', (event) => {
      const {transition} = JSON.parse((event as MessageEvent<string>).data) as {transition: string}
      if (transition === 'appear') onNewRef.current()
      // Several changes in one moment cost one refetch.
      clearTimeout(timer)
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({queryKey: staffKeys.bookings})
        void queryClient.invalidateQueries({queryKey: staffKeys.departures})
      }, 150)
    })
    // The session ended (Lock elsewhere, access ended by an owner): back to the sign-in form at once.
    source.addEventListener('signed-out', () => {
      source.close()
      queryClient.setQueryData(staffKeys.session, null)
    })
    return () => {
      clearTimeout(timer)
      source.close()
    }
  }, [queryClient, enabled])
}
