import {useQuery} from '@tanstack/react-query'
import {Link, useLocation} from 'react-router-dom'

import {THANK_YOU_CONFIRMATION_PROMISE} from '@repo/schemas/content-rules.ts'

import {Seo} from '../../components/seo'
import {FormMessage} from '../../components/ui/form-message'
import {pageCopyQueryOptions} from '../../features/pages/api/get-page-copy'
import type {ThankYouState} from '../../features/site/thank-you-state'

/** Spec §2 thank-you next steps, used until an editor writes them. */
const DEFAULT_NEXT_STEPS = [
  {_key: 'refine', title: 'Refine', text: 'We refine dates, group size and preferences with you.'},
  {_key: 'confirm', title: 'Confirm', text: 'We confirm availability and place provisional holds.'},
  {_key: 'share', title: 'Share', text: 'We share a personalised plan for you to approve.'},
]

export function ThankYouPage() {
  const {data: copy} = useQuery(pageCopyQueryOptions())
  const state = useLocation().state as ThankYouState
  const steps = copy?.thankYouNextSteps.length ? copy.thankYouNextSteps : DEFAULT_NEXT_STEPS
  return (
    <section className="container page-section status-page">
      <Seo
        title="Thank you"
        description="We have your request and will be in touch."
        path="/thank-you"
        noindex
      />
      {state?.notice ? (
        <FormMessage message={{title: 'Success', text: state.notice, variant: 'success'}} />
      ) : null}
      <h1>{copy?.thankYouHeading ?? "Thank you — we're on it"}</h1>
      {state?.reference ? (
        <p>
          Your reference is <strong data-testid="request-ref">{state.reference}</strong>.
        </p>
      ) : null}
      <p className="lead">{copy?.thankYouText ?? THANK_YOU_CONFIRMATION_PROMISE}</p>
      <h2>What happens next</h2>
      <ol className="steps">
        {steps.map((step) => (
          <li key={step._key}>
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
      <div className="button-row">
        <Link to="/" className="button">
          Back to homepage
        </Link>
        <Link to="/experiences#results" className="button button--primary">
          Explore experiences
        </Link>
      </div>
    </section>
  )
}
