import {Link, useSearchParams} from 'react-router-dom'

import {Seo} from '../../../components/seo'

/** What one of the newsletter's link pages says in each state. */
export type NewsletterLinkCopy = {
  path: string
  /** Where the button posts: the API route that decides (token in the body, no cookie). */
  action: string
  ask: {title: string; text: string; button: string}
  done: {title: string; text: string}
  failed: {title: string; text: string}
}

const TOKEN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+){1,2}$/

/**
 * A newsletter link's page (confirm, unsubscribe). Opening the link only shows a button: mail scanners follow
 * links, and must neither confirm nor unsubscribe anyone. The button is a plain form post, so it works before the
 * page's scripts run and without them; the server answers with this page again, showing the outcome.
 */
export function NewsletterLinkPage({copy}: {copy: NewsletterLinkCopy}) {
  const [params] = useSearchParams()
  const result = params.get('result')
  const token = params.get('token') ?? ''
  const state =
    result === 'done' || result === 'confirmed'
      ? copy.done
      : result === 'failed' || !TOKEN.test(token)
        ? copy.failed
        : null
  return (
    <section className="container page-section status-page newsletter-link-page">
      <Seo
        title={state?.title ?? copy.ask.title}
        description={copy.ask.text}
        path={copy.path}
        noindex
      />
      {state ? (
        <>
          <h1>{state.title}</h1>
          <p className="lead" role={state === copy.failed ? 'alert' : 'status'}>
            {state.text}
          </p>
          <p>
            <Link to="/">Back to homepage</Link>
          </p>
        </>
      ) : (
        <>
          <h1>{copy.ask.title}</h1>
          <p className="lead">{copy.ask.text}</p>
          <form method="post" action={copy.action}>
            <input type="hidden" name="token" value={token} />
            <input type="hidden" name="from" value="page" />
            <button type="submit" className="button button--primary">
              {copy.ask.button}
            </button>
          </form>
        </>
      )}
    </section>
  )
}
