import {useSyncExternalStore} from 'react'

const subscribe = () => () => undefined

/**
 * False on the server and while the page hydrates, true from then on: a control that only works with the
 * scripts (a button that is disabled until a choice is valid, say) stays usable in the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
