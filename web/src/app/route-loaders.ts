import type {QueryClient} from '@tanstack/react-query'
import {data, type LoaderFunctionArgs} from 'react-router-dom'

/** Thrown by loaders when a route or its content does not exist: the root boundary shows the 404 page. */
export function notFound(): never {
  throw data('Not Found', {status: 404, statusText: 'Not Found'})
}

type Ensure = (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>

/**
 * Route loaders only fill the query cache (components read it with `useSuspenseQuery`), so server rendering has
 * the data before it renders and the browser does not fetch it again after hydration.
 */
export function prefetch(queryClient: QueryClient, ensure: Ensure) {
  return async (args: LoaderFunctionArgs) => {
    await ensure(queryClient, args)
    return null
  }
}

/** Runs two loaders side by side (both only fill the cache). */
export function both(
  first: (args: LoaderFunctionArgs) => Promise<null>,
  second: (args: LoaderFunctionArgs) => Promise<null>,
) {
  return async (args: LoaderFunctionArgs) => {
    await Promise.all([first(args), second(args)])
    return null
  }
}
