import {useQuery} from '@tanstack/react-query'
import {useEffect, useRef, useState} from 'react'
import {useActionData, useParams, useSearchParams} from 'react-router-dom'

import {DEFAULT_CANCELLATION_TEXT} from '@repo/schemas/content-rules.ts'
import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'
import {choiceOutcomeMessage} from '@repo/schemas/departure-cancellation.ts'

import {LinkRefused} from '../../components/private-page'
import {Seo} from '../../components/seo'
import {siteSettingsQueryOptions} from '../../features/site/api/get-site-settings'
import {FormMessage, type FormMessageValue} from '../../components/ui/form-message'
import {ApiError} from '../../lib/post-json'
import {useAcceptProposal} from '../../features/request/api/accept-proposal'
import type {RequestFormOutcome} from '../../features/request/api/act-on-request-on-server'
import {useTravellerRequest} from '../../features/request/api/get-request'
import {useWithdrawRequest} from '../../features/request/api/withdraw-request'
import {AddToCalendar} from '../../features/request/components/add-to-calendar'
import {DepartureCancelled} from '../../features/request/components/departure-cancelled'
import {NewLinkForm} from '../../features/request/components/new-link-form'
import {ProposalChoice} from '../../features/request/components/proposal-choice'
import {RequestSummary} from '../../features/request/components/request-summary'
import {RequestTimeline} from '../../features/request/components/request-timeline'
import {WithdrawRequest} from '../../features/request/components/withdraw-request'

/**
 * The traveller's private page for one request (docs/decisions/012-the-request-loop.md), opened from the link in our
 * mails: no login, the signed link is the key. Never indexed; the server sends it uncached and without a Referer
 * (server/security.ts).
 */
export function RequestPage() {
  const {token = ''} = useParams()
  const {query: request, refusal} = useTravellerRequest(token)
  const accept = useAcceptProposal(token)
  const withdraw = useWithdrawRequest(token)
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const [search] = useSearchParams()
  // A form posted without script: the server's answer (a date accepted, or why nothing changed).
  const outcome = useActionData<RequestFormOutcome>()
  // The answer to a cancelled departure comes back in the address (the form's redirect), shown before hydration.
  const [message, setMessage] = useState<FormMessageValue | null>(
    () => postedMessage(outcome) ?? choiceOutcomeMessage(search),
  )
  const messageRef = useRef<HTMLDivElement>(null)
  // Each outcome is announced and focused, so keyboard and screen reader users land on what happened.
  useEffect(() => {
    if (message) messageRef.current?.focus()
  }, [message])

  const fail = (error: Error) =>
    setMessage({title: 'Not saved', text: error.message, variant: 'destructive'})
  const onAccept = (option: string) =>
    accept.mutate(option, {
      onSuccess: (updated) => setMessage(acceptedMessage(updated)),
      onError: fail,
    })
  const onWithdraw = () =>
    withdraw.mutateAsync(undefined, {
      onSuccess: (updated) => setMessage(withdrawnMessage(updated)),
      onError: fail,
    })

  const seo = (
    <Seo
      title="Your request"
      description="Your booking request, our replies and what you can do next."
      path="/requests"
      noindex
    />
  )

  if (refusal || request.isError) {
    const status = refusal?.status ?? (request.error instanceof ApiError ? request.error.status : 0)
    // Too many requests from this client, or the service busy: the page says to wait, and the address to try again.
    if (status === 0 || status === 429 || status >= 500)
      return (
        <LinkRefused
          problem={refusal ?? {status, message: request.error?.message ?? ''}}
          seo={seo}
        />
      )
    const badLink = status === 404
    // 410: the traveller was removed from the request (retention or erasure); no new link can bring it back.
    const removed = status === 410
    return (
      <section className="container page-section status-page">
        {seo}
        <h1>
          {badLink
            ? 'This link does not work'
            : removed
              ? 'This request no longer exists'
              : 'Your request'}
        </h1>
        <p role="alert">{refusal?.message ?? request.error?.message}</p>
        {badLink ? (
          <NewLinkForm
            posted={
              outcome && !outcome.ok
                ? {text: outcome.message, variant: 'destructive'}
                : postedMessage(outcome)
            }
          />
        ) : null}
      </section>
    )
  }

  if (request.isPending)
    return (
      <section className="container page-section status-page">
        {seo}
        <h1>Your request</h1>
        <p role="status">Loading your request…</p>
      </section>
    )

  const data = request.data
  const confirmed = data.status === 'confirmed'
  // "Withdraw my request" posted without script: the confirmation step, until the traveller answers it.
  const asking =
    outcome?.ok === true &&
    'step' in outcome.value &&
    withdraw.status === 'idle' &&
    data.canWithdraw
  return (
    <section className="container page-section status-page request-page">
      {seo}
      <h1>
        {/* A reference breaks as a whole onto the next line, never at its hyphen. */}
        Your request <span className="reference">{data.reference}</span>
      </h1>
      <FormMessage ref={messageRef} message={message} />
      <div className="request-page__layout">
        <div className="request-page__main">
          <div className="card request-page__card">
            <RequestSummary request={data} />
          </div>
          {data.calendar ? (
            <div className="card request-page__card">
              <AddToCalendar token={token} calendar={data.calendar} />
            </div>
          ) : null}
          {data.cancellation ? (
            <div className="card request-page__card">
              <DepartureCancelled token={token} cancellation={data.cancellation} />
            </div>
          ) : null}
          {data.proposal ? (
            <div className="card request-page__card">
              <ProposalChoice
                key={data.proposal.key}
                proposal={data.proposal}
                pending={accept.isPending}
                onAccept={onAccept}
              />
            </div>
          ) : null}
          {data.canWithdraw ? (
            <div className="card request-page__card">
              <WithdrawRequest
                confirmed={confirmed}
                changePolicy={settings?.defaultCancellationText ?? DEFAULT_CANCELLATION_TEXT}
                contactEmail={settings?.email ?? null}
                pending={withdraw.isPending}
                onWithdraw={onWithdraw}
                asking={asking}
                pageHref={`/requests/${token}`}
              />
            </div>
          ) : null}
        </div>
        <section className="request-page__history" aria-labelledby="request-history-heading">
          <h2 id="request-history-heading">What has happened so far</h2>
          <RequestTimeline history={data.history} />
        </section>
      </div>
    </section>
  )
}

/** A request withdrawn, or a confirmed booking cancelled: said as what it was. */
const withdrawnMessage = (updated: TravellerRequestView): FormMessageValue =>
  updated.history.slice(0, -1).some((entry) => entry.status === 'confirmed')
    ? {
        title: 'Cancelled',
        text: 'Your booking is cancelled. We have let the team know.',
        variant: 'success',
      }
    : {
        title: 'Withdrawn',
        text: 'Your request is withdrawn. We have let the team know.',
        variant: 'success',
      }

const acceptedMessage = (updated: TravellerRequestView): FormMessageValue => ({
  title: 'Thank you',
  text:
    updated.status === 'confirmed'
      ? 'Your new date is confirmed. We have emailed you the confirmation and let the team know.'
      : 'We have your choice and let the team know; they will confirm it by email.',
  variant: 'success',
})

/** What the page says of a form it posted without script, as the page's script says it of the same answer. */
function postedMessage(outcome: RequestFormOutcome | undefined): FormMessageValue | null {
  if (!outcome) return null
  if (!outcome.ok) return {title: 'Not saved', text: outcome.message, variant: 'destructive'}
  if ('step' in outcome.value) return null
  if ('history' in outcome.value && outcome.value.history.at(-1)?.action === 'withdraw')
    return withdrawnMessage(outcome.value)
  return 'message' in outcome.value
    ? {title: 'Sent', text: outcome.value.message, variant: 'success'}
    : acceptedMessage(outcome.value)
}
