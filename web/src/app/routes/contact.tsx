import {useQuery} from '@tanstack/react-query'
import {Link, useSearchParams} from 'react-router-dom'

import {DEFAULT_REPLY_PROMISE} from '@repo/schemas/content-rules.ts'

import {Seo} from '../../components/seo'
import {siteSettingsQueryOptions} from '../../features/site/api/get-site-settings'
import {SITE} from '../../lib/site'

export function ContactPage() {
  const [params] = useSearchParams()
  const bespoke = params.get('type') === 'bespoke'
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const email = settings?.email ?? SITE.email
  const subject = bespoke ? 'Bespoke trip planning' : 'Question'
  return (
    <section className="container page-section status-page">
      <Seo
        title={bespoke ? 'Talk to a planner' : 'Contact us'}
        description="Email or call our Cape Town planners about experiences and bespoke trips."
        path="/contact"
      />
      <h1>{bespoke ? 'Talk to a planner' : 'Contact us'}</h1>
      <p className="lead">
        {bespoke
          ? `Tell us about your dates, your group and what you love doing. ${settings?.replyPromise ?? DEFAULT_REPLY_PROMISE}`
          : 'Questions about an experience or a booking request? We are happy to help.'}
      </p>
      <div className="info-card">
        <dl>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${email}?subject=${encodeURIComponent(subject)}`}>{email}</a>
          </dd>
          {settings?.phone ? (
            <>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${settings.phone.replace(/\s+/g, '')}`}>{settings.phone}</a>
              </dd>
            </>
          ) : null}
          {settings?.officeHours ? (
            <>
              <dt>Office hours</dt>
              <dd>{settings.officeHours}</dd>
            </>
          ) : null}
          {settings?.address ? (
            <>
              <dt>Where we are</dt>
              <dd>{settings.address}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <p>
        Prefer a form? <Link to="/questionnaire">Plan your trip with our questionnaire</Link>.
      </p>
    </section>
  )
}
