import {useQuery} from '@tanstack/react-query'
import {Link} from 'react-router-dom'

import {formatLongDate} from '@repo/schemas/format-date.ts'
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
          <dt>Responsible party</dt>
          <dd>{notice.legalName}</dd>
          <dt>Address</dt>
          <dd>{notice.address}</dd>
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

      <h2>Which details we need</h2>
      <p>{notice.requiredDetails}</p>

      <h2>Who else handles it</h2>
      <p>{notice.processors}</p>
      <h3>Outside South Africa</h3>
      <p>{notice.transfers}</p>

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
      <h3>The Information Regulator</h3>
      <p>{notice.regulator}</p>
      <PrivacyRequestForm />
      <p className="muted" data-testid="privacy-notice-version">
        Version {notice.noticeVersion} of this notice
        {notice.noticeDate ? `, in force from ${formatLongDate(notice.noticeDate)}` : ''}.
      </p>
      <p>
        <Link to="/">Back to homepage</Link>
      </p>
    </section>
  )
}
