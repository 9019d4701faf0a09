import {useEffect, useRef, useState} from 'react'
import {useActionData, useParams} from 'react-router-dom'

import {formatDateInWords} from '@repo/schemas/format-date.ts'

import {LinkRefused} from '../../components/private-page'
import {Seo} from '../../components/seo'
import {ApiError} from '../../lib/post-json'
import {useReviewInvitation} from '../../features/reviews/api/get-review-invitation'
import type {ReviewFormOutcome} from '../../features/reviews/api/submit-review-on-server'
import {ReviewForm} from '../../features/reviews/components/review-form'

/**
 * The traveller's private review form, opened from the review request mail (docs/decisions/090-reviews-as-drafts.md):
 * the signed link is the key. Never indexed or cached (server/edge/page-address.ts `isPersonalPath`).
 */
export function ReviewPage() {
  const {token = ''} = useParams()
  const {query, refusal} = useReviewInvitation(token)
  // The form posted without script: what the server said of it.
  const outcome = useActionData<ReviewFormOutcome>()
  const [sent, setSent] = useState<string | null>(outcome?.ok ? outcome.value.message : null)
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
  // Too many requests from this client: the page says to wait, and gives the address to try again.
  if (refusal?.status === 429) return <LinkRefused problem={refusal} seo={seo} />
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
      <ReviewForm
        token={token}
        displayName={invitation.displayName}
        refused={outcome && !outcome.ok ? outcome : null}
        onSent={setSent}
      />
    </section>
  )
}
