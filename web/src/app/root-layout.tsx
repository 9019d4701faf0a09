import {isRouteErrorResponse, Outlet, useRouteError} from 'react-router-dom'

import {Seo} from '../components/seo'
import {useT} from '../i18n/i18n'
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
  const t = useT()
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundPage />
      </Shell>
    )
  }
  return (
    <Shell>
      <Seo title={t('error.title')} description={t('error.description')} path="/" noindex />
      <section className="container page-section status-page">
        <h1>{t('error.heading')}</h1>
        <p>{t('error.body')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => window.location.reload()}
        >
          {t('error.retry')}
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
  const t = useT()
  return (
    <p role="status" className="container status-page">
      {t('loading')}
    </p>
  )
}
