import {useActionData, useParams} from 'react-router-dom'

import type {PrivacyConfirmedView} from '@repo/schemas/privacy-request-links.ts'

import {PrivatePage} from '../../components/private-page'
import {Seo} from '../../components/seo'
import {linkProblem, type LinkActionResult} from '../../lib/private-link-query'
import {usePrivacyConfirmation} from '../../features/privacy/api/privacy-links'
import {PrivacyLinkRefused} from '../../features/privacy/components/privacy-link-refused'

/**
 * The page the privacy request's confirmation mail opens (docs/decisions/107-traveller-data-requests.md). Opening it
 * changes nothing (mail scanners open links) and shows nothing about the address; the button's plain form post
 * (no JavaScript needed) spends the link: a copy goes on to its download page, anything else is confirmed here.
 */
export function PrivacyConfirmPage() {
  const {token = ''} = useParams()
  const {query, refusal} = usePrivacyConfirmation(token)
  const outcome = useActionData<LinkActionResult<PrivacyConfirmedView>>()
  const seo = (
    <Seo
      title="Confirm your request"
      description="Confirm your request about your information."
      path="/privacy"
      noindex
    />
  )
  if (outcome?.ok)
    return (
      <PrivatePage title={outcome.value.title} seo={seo}>
        <p role="status">{outcome.value.message}</p>
      </PrivatePage>
    )
  const problem = linkProblem(outcome, refusal, query.error)
  if (problem) return <PrivacyLinkRefused problem={problem} seo={seo} />
  const request = query.data
  if (!request)
    return (
      <PrivatePage title="Confirm your request" seo={seo}>
        <p role="status">Opening your request…</p>
      </PrivatePage>
    )
  return (
    <PrivatePage title="Confirm your request" seo={seo}>
      <p>
        You asked for: <strong>{request.title}</strong>.
      </p>
      <form method="post" className="private-page__action">
        <button type="submit" className="button button--primary">
          Confirm my request
        </button>
      </form>
    </PrivatePage>
  )
}
