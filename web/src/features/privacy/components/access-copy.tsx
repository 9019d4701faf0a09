import {useId} from 'react'

import {formatLongDate, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {isIsoDate} from '@repo/schemas/iso-date.ts'
import type {AccessCopy} from '@repo/schemas/privacy-request-links.ts'

const FIELD_TITLES: Record<string, string> = {
  booking_ref: 'Reference',
  request_ref: 'Reference',
  experience_id: 'Experience code',
  experience_title: 'Experience',
  category: 'Category',
  duration: 'Duration',
  date: 'Date',
  start_date: 'Start date',
  preferred_date: 'Preferred date',
  preferred_time: 'Time',
  pax_adults: 'Adults',
  pax_children: 'Children',
  pax_total: 'People',
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  phone: 'Phone',
  country: 'Country',
  pickup_location: 'Pick-up',
  notes: 'Your notes',
  special_requests: 'Special requests',
  additional_info: 'More about your trip',
  how_heard_about_us: 'How you heard of us',
  marketing_opt_in: 'Newsletter',
  newsletter: 'Newsletter',
  consent_booking: 'Agreed to the booking terms',
  consent_privacy: 'Agreed to the privacy notice',
  utm_source: 'Campaign source',
  utm_medium: 'Campaign medium',
  utm_campaign: 'Campaign',
  status: 'Status',
  status_history: 'History',
  created_at: 'Received',
  to: 'To',
  subject: 'Subject',
  text: 'Text',
  queued_at: 'Queued',
  sent_at: 'Sent',
  event: 'Event',
  path: 'Page',
  received_at: 'Recorded',
}

/** Not shown on the page (the download keeps them): internal references nobody reading needs. */
const HIDDEN_ON_PAGE = new Set(['about', 'request_hash'])

function display(key: string, value: unknown): string {
  if (key.endsWith('_at') && typeof value === 'string') return formatLongDateTime(value)
  if (/(^|_)date$/.test(key) && typeof value === 'string' && isIsoDate(value))
    return formatLongDate(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (key === 'status_history' && Array.isArray(value))
    return value
      .map((entry: {status?: string; at?: string}) =>
        [entry.status, entry.at ? formatLongDateTime(entry.at) : ''].filter(Boolean).join(', '),
      )
      .join('; ')
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** One record (a request, a sign-up, a mail, an event) as terms and values, in the words of the form it came from. */
function RecordList({record}: {record: Record<string, unknown>}) {
  const rows = Object.entries(record).filter(
    ([key, value]) =>
      !key.startsWith('_') &&
      !HIDDEN_ON_PAGE.has(key) &&
      value !== null &&
      value !== undefined &&
      value !== '',
  )
  return (
    <dl className="request-summary access-copy__record">
      {rows.map(([key, value]) => (
        <div key={key} className="access-copy__row">
          <dt>{FIELD_TITLES[key] ?? key.replace(/_/g, ' ')}</dt>
          <dd>{display(key, value)}</dd>
        </div>
      ))}
    </dl>
  )
}

function CopySection({
  title,
  records,
  empty,
}: {
  title: string
  records: Record<string, unknown>[]
  empty: string
}) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="access-copy__section">
      <h2 id={id}>
        {title} ({records.length})
      </h2>
      {records.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className="access-copy__list">
          {records.map((record, index) => (
            <li key={String(record._id ?? index)} className="card request-page__card">
              <RecordList record={record} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Everything held about one address, as a page to read (the download has the same as data). */
export function AccessCopyView({copy}: {copy: AccessCopy}) {
  return (
    <>
      <CopySection
        title="Your requests"
        records={copy.requests}
        empty="We hold no requests from this address."
      />
      <CopySection
        title="Newsletter sign-ups"
        records={copy.signups}
        empty="This address is not signed up."
      />
      <CopySection
        title="Mails we sent"
        records={copy.mails}
        empty="We hold no mails to this address."
      />
      <CopySection
        title="Recorded site events"
        records={copy.events}
        empty="No recorded event names this address."
      />
    </>
  )
}
