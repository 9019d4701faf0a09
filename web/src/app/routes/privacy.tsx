import {useQuery} from '@tanstack/react-query'
import {Link} from 'react-router-dom'

import {privacyNoticeOf} from '@repo/schemas/privacy-notice.ts'

import {Seo} from '../../components/seo'
import {PrivacyRequestForm} from '../../features/privacy/components/privacy-request-form'
import {
  privacyNoticeQueryOptions,
  privacyRetentionQueryOptions,
} from '../../features/pages/api/get-privacy-notice'

/**
 * The privacy notice: who answers for personal information, what it is used for, how long it is kept and the
 * visitor's rights. The editors own the words (the studio's privacy notice); the periods come from the managers'
 * retention settings through the server, the same ones the retention job applies.
 */
export function PrivacyPage() {
  const {data: published} = useQuery(privacyNoticeQueryOptions())
  const notice = privacyNoticeOf(published)
  const retention = useQuery(privacyRetentionQueryOptions())
  return (
    <section className="container page-section status-page prose">
      <Seo
        title="Privacy"
        description="How we use the details you send us when you request a booking, ask for a bespoke plan or sign up for our newsletter, and how long we keep them."
        path="/privacy"
      />
      <h1>Privacy</h1>
      <p>{notice.intro}</p>

      <h2>Who is responsible</h2>
      <div className="info-card privacy-officer">
        <dl>
          <dt>Information officer</dt>
          <dd>{notice.informationOfficerName}</dd>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${notice.informationOfficerEmail}`}>
              {notice.informationOfficerEmail}
            </a>
          </dd>
          {notice.informationOfficerPhone ? (
            <>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${notice.informationOfficerPhone.replace(/\s+/g, '')}`}>
                  {notice.informationOfficerPhone}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      </div>

      <h2>What we use it for</h2>
      <ul>
        {notice.purposes.map((purpose) => (
          <li key={purpose.title}>
            <strong>{purpose.title}.</strong> {purpose.text}
          </li>
        ))}
      </ul>

      <h2>How long we keep it</h2>
      {retention.data ? (
        <table className="retention-table">
          <thead>
            <tr>
              <th scope="col">What</th>
              <th scope="col">Kept for</th>
            </tr>
          </thead>
          <tbody>
            {retention.data.retention.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.period}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : retention.isError ? (
        <p role="alert">
          The retention periods could not be loaded just now. Please reload the page, or ask our
          information officer.
        </p>
      ) : (
        <p aria-busy="true">Loading how long we keep each kind of information…</p>
      )}
      <p>After that we delete the details, or keep only figures that no longer name anyone.</p>

      <h2>Your rights</h2>
      <p>{notice.rights}</p>
      <PrivacyRequestForm />
      <p>
        <Link to="/">Back to homepage</Link>
      </p>
    </section>
  )
}
