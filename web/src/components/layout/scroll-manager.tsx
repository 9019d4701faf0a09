import {useEffect, useLayoutEffect, useRef} from 'react'
import {useLocation} from 'react-router-dom'

// useLayoutEffect warns during server rendering; the effect only matters in the browser anyway.
const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

/** Listing paths keep their scroll position (filters and the detail dialog change only the query). */
export function keepsScroll(pathname: string): boolean {
  return pathname.startsWith('/experiences')
}

/**
 * The scroll manager: on a route change go to the top, unless the path starts with /experiences or the URL
 * has a hash (then the anchor is scrolled into view; CSS gives it the 84/68 px scroll margin under the fixed bar).
 * Links can also ask to keep the position with `state: {preserveScroll: true}` (story calls to action).
 */
export function ScrollManager() {
  const location = useLocation()
  const first = useRef(true)

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual'
  }, [])

  useIsomorphicLayoutEffect(() => {
    const isFirst = first.current
    first.current = false
    if (location.hash) {
      const id = decodeURIComponent(location.hash.slice(1))
      document.getElementById(id)?.scrollIntoView()
      return
    }
    // On the first render the browser shows the top of the page already (restoration is manual).
    if (isFirst) return
    const state = location.state as {preserveScroll?: boolean} | null
    if (keepsScroll(location.pathname) || state?.preserveScroll) return
    window.scrollTo(0, 0)
  }, [location.key, location.pathname, location.hash])

  return null
}
