import type {ReactNode} from 'react'
import {useLocation} from 'react-router-dom'

import type {LinkRefusal} from '../lib/private-link-query'

/**
 * The frame of a page a private link opens (a waitlist offer, a privacy request), inside the site's shell like the
 * request page: one heading, then what the link opened or why it did not.
 */
export function PrivatePage({
  title,
  seo,
  children,
}: {
  title: ReactNode
  seo: ReactNode
  children: ReactNode
}) {
  return (
    <section className="container page-section status-page private-page">
      {seo}
      <h1>{title}</h1>
      {children}
    </section>
  )
}

/**
 * What a link's page says when it cannot show what the link opens: the API's words, under the page's own title or,
 * without one, a title for a link that no longer works or a refusal that may pass. One that may pass (too many
 * requests, the lake busy) offers the same address again: a plain link, so it works without JavaScript too.
 */
export function LinkRefused({
  problem,
  title,
  seo,
  children,
}: {
  problem: LinkRefusal
  title?: string
  seo: ReactNode
  children?: ReactNode
}) {
  const {pathname} = useLocation()
  const passing = problem.status === 0 || problem.status === 429 || problem.status >= 500
  return (
    <PrivatePage
      title={title ?? (passing ? 'Please try again in a moment' : 'This link no longer works')}
      seo={seo}
    >
      <p role="alert">{problem.message}</p>
      {children}
      {passing ? (
        <p>
          <a className="button" href={pathname}>
            Try again
          </a>
        </p>
      ) : null}
    </PrivatePage>
  )
}
