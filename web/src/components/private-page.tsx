import type {ReactNode} from 'react'
import {useLocation} from 'react-router-dom'

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
 * What a link's page says when it cannot show what the link opens. A refusal that may pass (too many requests, the
 * lake busy) offers the same address again: a plain link, so it works without JavaScript too.
 */
export function LinkRefused({
  title,
  message,
  status,
  seo,
  children,
}: {
  title: string
  message: string
  status: number
  seo: ReactNode
  children?: ReactNode
}) {
  const {pathname} = useLocation()
  const passing = status === 0 || status === 429 || status >= 500
  return (
    <PrivatePage title={title} seo={seo}>
      <p role="alert">{message}</p>
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
