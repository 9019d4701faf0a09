import {isRouteErrorResponse, Outlet, useRouteError} from 'react-router-dom'

import {Seo} from '../components/seo'
import {NotFoundPage} from './routes/not-found'
import {Shell} from './shell'

export function RootLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

/** Unknown routes and missing content (404) show the not-found page; anything else a retry message. */
export function RootErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundPage />
      </Shell>
    )
  }
  return (
    <Shell>
      <Seo
        title="Something went wrong"
        description="This page could not be loaded."
        path="/"
        noindex
      />
      <section className="container page-section status-page">
        <h1>Sorry, this page could not be loaded</h1>
        <p>Our content service did not answer. Please try again in a moment.</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          Try again
        </button>
      </section>
    </Shell>
  )
}

/** Redirect routes answer from their loader and never render; this keeps the router from warning about it. */
export function RedirectOnly() {
  return null
}

/**
 * Shown only when the browser starts without server-rendered data (the server always sends it; tests and
 * development tools may not).
 */
export function RouteLoading() {
  return (
    <p role="status" className="container status-page">
      Loading…
    </p>
  )
}
