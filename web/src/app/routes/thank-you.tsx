import {useQuery} from '@tanstack/react-query'
import {Link, useLocation} from 'react-router-dom'

import {DEFAULT_REPLY_PROMISE} from '@repo/schemas/content-rules.ts'

import {Seo} from '../../components/seo'
import {FormMessage} from '../../components/ui/form-message'
import {pageCopyQueryOptions} from '../../features/pages/api/get-page-copy'
import {siteSettingsQueryOptions} from '../../features/site/api/get-site-settings'
import type {ThankYouState} from '../../features/site/thank-you-state'

/** The next steps until an editor writes them: true of a single experience and of a bespoke trip alike. */
const DEFAULT_NEXT_STEPS = [
  {_key: 'check', title: 'We check', text: 'A planner checks your request with the guide.'},
  {_key: 'confirm', title: 'We confirm', text: 'We email you to confirm, or to offer other dates.'},
  {_key: 'ready', title: 'You get ready', text: 'We send the meeting point and what to bring.'},
]

export function ThankYouPage() {
  const {data: copy} = useQuery(pageCopyQueryOptions())
  const {data: settings} = useQuery(siteSettingsQueryOptions())
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
      <h1>{copy?.thankYouHeading ?? 'Thank you — we’re on it'}</h1>
      {state?.reference ? (
        <p>
          Your reference is <strong data-testid="request-ref">{state.reference}</strong>.
        </p>
      ) : null}
      <p className="lead">{settings?.replyPromise ?? DEFAULT_REPLY_PROMISE}</p>
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
