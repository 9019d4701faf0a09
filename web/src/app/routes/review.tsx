import {useEffect, useRef, useState} from 'react'
import {useParams} from 'react-router-dom'

import {formatDateInWords} from '@repo/schemas/format-date.ts'

import {Seo} from '../../components/seo'
import {ApiError} from '../../lib/post-json'
import {useReviewInvitation} from '../../features/reviews/api/get-review-invitation'
import {ReviewForm} from '../../features/reviews/components/review-form'

/**
 * The traveller's private review form, opened from the review request mail (docs/decisions/090-reviews-as-drafts.md):
 * the signed link is the key. Never indexed or cached (server/edge/cache-policy.ts `PERSONAL_PAGE`).
 */
export function ReviewPage() {
  const {token = ''} = useParams()
  const {query, refusal} = useReviewInvitation(token)
  const [sent, setSent] = useState<string | null>(null)
  const sentRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (sent) sentRef.current?.focus()
  }, [sent])
  const seo = (
    <Seo
      title="Review your trip"
      description="Tell other travellers about your experience."
      path="/reviews"
      noindex
    />
  )
  const problem =
    refusal?.message ??
    (query.error instanceof ApiError && query.error.status >= 400 && query.error.status < 500
      ? query.error.message
      : null)
  if (problem)
    return (
      <section className="container page-section status-page">
        {seo}
        <h1>This link does not open a review</h1>
        <p>{problem}</p>
      </section>
    )
  const invitation = query.data
  if (!invitation)
    return (
      <section className="container page-section status-page" aria-busy="true">
        {seo}
        <h1>Review your trip</h1>
        <p>{query.isError ? query.error.message : 'Opening the review form…'}</p>
      </section>
    )
  if (sent || invitation.state === 'reviewed')
    return (
      <section className="container page-section status-page">
        {seo}
        <h1 ref={sentRef} tabIndex={-1}>
          Thank you for your review
        </h1>
        <p>
          {sent ??
            `We already have your review of ${invitation.experience}. There is one review per booking.`}
        </p>
      </section>
    )
  return (
    <section className="container page-section status-page">
      {seo}
      <h1>Review your trip</h1>
      <p className="lead">
        {invitation.experience}
        {invitation.date ? `, ${formatDateInWords(invitation.date)}` : ''}
      </p>
      <p>
        Your review helps other travellers choose. Our team reads each one before it appears on the
        site; we never show your email address or booking details.
      </p>
      <ReviewForm token={token} displayName={invitation.displayName} onSent={setSent} />
    </section>
  )
}
