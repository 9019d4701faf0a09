import {Link, useActionData, useParams} from 'react-router-dom'

import {LinkRefused, PrivatePage} from '../../components/private-page'
import {Seo} from '../../components/seo'
import {linkProblem, type LinkActionResult} from '../../lib/private-link-query'
import {useWaitlistLeave, waitlistAnswerTitle} from '../../features/waitlist/api/waitlist-links'
import {WaitlistTrip} from '../../features/waitlist/components/waitlist-trip'

/**
 * The way out of a waitlist, from the link in every waitlist mail. Opening it changes nothing; the button's plain
 * form post (no JavaScript needed) deletes the traveller's place in line, and the page then says so.
 */
export function WaitlistLeavePage() {
  const {token = ''} = useParams()
  const {query, refusal} = useWaitlistLeave(token)
  const outcome = useActionData<LinkActionResult<{title: string; text: string}>>()
  const seo = (
    <Seo
      title="Leave the waitlist"
      description="Leave the waitlist for a date."
      path="/waitlist"
      noindex
    />
  )
  if (outcome?.ok)
    return (
      <PrivatePage title={outcome.value.title} seo={seo}>
        <p role="status">{outcome.value.text}</p>
        <p>
          <Link to="/experiences">See our experiences</Link>
        </p>
      </PrivatePage>
    )
  const problem = linkProblem(outcome, refusal, query.error)
  if (problem)
    return <LinkRefused problem={problem} title={waitlistAnswerTitle(problem)} seo={seo} />
  const trip = query.data
  if (!trip)
    return (
      <PrivatePage title="Leave the waitlist" seo={seo}>
        <p role="status">Opening your place in line…</p>
      </PrivatePage>
    )
  return (
    <PrivatePage title="Leave the waitlist?" seo={seo}>
      <div className="card request-page__card private-page__card">
        <WaitlistTrip trip={trip} />
      </div>
      <form method="post" className="private-page__action">
        <button type="submit" className="button">
          Leave the waitlist
        </button>
      </form>
      <p className="private-page__note">We delete your place in line and your details with it.</p>
    </PrivatePage>
  )
}
