import {Link, useActionData, useParams} from 'react-router-dom'

import {LinkRefused, PrivatePage} from '../../components/private-page'
import {Seo} from '../../components/seo'
import {linkProblem, type LinkActionResult} from '../../lib/private-link-query'
import {useWaitlistOffer, waitlistAnswerTitle} from '../../features/waitlist/api/waitlist-links'
import {WaitlistTrip} from '../../features/waitlist/components/waitlist-trip'

/**
 * The places the waitlist holds for a traveller, opened from the offer mail (docs/decisions/095-a-waitlist-per-departure.md):
 * the signed link is the key. Opening it takes nothing (mail scanners open links); the button's plain form post,
 * which works without JavaScript, makes the booking request and goes on to its page. Never indexed or cached
 * (server/edge/cache-policy.ts `PERSONAL_PAGE`).
 */
export function WaitlistOfferPage() {
  const {token = ''} = useParams()
  const {query, refusal} = useWaitlistOffer(token)
  const outcome = useActionData<LinkActionResult<unknown>>()
  const seo = (
    <Seo
      title="Places for you"
      description="Places held for you from the waitlist."
      path="/waitlist"
      noindex
    />
  )
  const problem = linkProblem(outcome, refusal, query.error)
  if (problem)
    return (
      <LinkRefused problem={problem} title={waitlistAnswerTitle(problem)} seo={seo}>
        {problem.reason === 'lapsed' || problem.reason === 'cancelled' ? (
          <p>
            <Link to="/experiences">See our experiences</Link>
          </p>
        ) : null}
      </LinkRefused>
    )
  const offer = query.data
  if (!offer)
    return (
      <PrivatePage title="Places for you" seo={seo}>
        <p role="status">Opening your offer…</p>
      </PrivatePage>
    )
  return (
    <PrivatePage title="Places are free for you" seo={seo}>
      <p className="lead">
        We are holding these places for you until <strong>{offer.holdUntil}</strong>.
      </p>
      <div className="card request-page__card private-page__card">
        <WaitlistTrip trip={offer} extra={[['Held until', offer.holdUntil]]} />
      </div>
      <form method="post" className="private-page__action">
        <button type="submit" className="button button--primary">
          Ask for these places
        </button>
      </form>
      <p className="private-page__note">
        This sends a booking request, as our booking form does: no payment now. We confirm with the
        guides and write to you. If you do nothing, the places go to the next person in line after
        that time.
      </p>
    </PrivatePage>
  )
}
