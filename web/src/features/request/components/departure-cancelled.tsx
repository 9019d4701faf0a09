import {useId} from 'react'

import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'
import {REQUEST_FORMS} from '../api/request-forms'
import {optionInWords} from './request-timeline'

type Cancellation = NonNullable<TravellerRequestView['cancellation']>

/**
 * The team cancelled the departure: why, the dates offered instead, and one button per choice. Plain forms that
 * post to the page (its route action hands them to the request routes) and come back here (a redirect), so the
 * choice works before the page's script has loaded, or without it; opening the mail's link only shows this, so a
 * mail scanner following it changes nothing.
 */
export function DepartureCancelled({
  token,
  cancellation,
}: {
  token: string
  cancellation: Cancellation
}) {
  const id = useId()
  // The page's own address, so a refused post (too many) is answered by the page itself, saying so.
  const action = `/requests/${encodeURIComponent(token)}`
  const open = cancellation.options.filter((option) => option.open)
  const full = cancellation.options.filter((option) => !option.open)
  return (
    <section aria-labelledby={`${id}-heading`} className="departure-cancelled">
      <h2 id={`${id}-heading`}>Your departure is cancelled</h2>
      {cancellation.reason ? <p>{cancellation.reason}</p> : null}
      {open.length ? (
        <>
          <p>Choose a new date and your booking moves to it at once, or accept the cancellation.</p>
          <ul className="departure-cancelled__choices">
            {open.map((option) => (
              <li key={option.key}>
                <form method="post" action={action}>
                  <input type="hidden" name="form" value={REQUEST_FORMS.departure} />
                  <input type="hidden" name="choice" value="move" />
                  <input type="hidden" name="date" value={option.date} />
                  <button type="submit" className="button button--primary">
                    Move to {optionInWords(option)}
                  </button>
                </form>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>
          None of the dates we offered has room any more. Reply to our email and we will find
          another.
        </p>
      )}
      {full.length ? (
        <p>No places left now on {full.map((option) => optionInWords(option)).join(', ')}.</p>
      ) : null}
      <form method="post" action={action}>
        <input type="hidden" name="form" value={REQUEST_FORMS.departure} />
        <input type="hidden" name="choice" value="accept" />
        <button type="submit" className="button">
          Accept the cancellation
        </button>
      </form>
    </section>
  )
}
