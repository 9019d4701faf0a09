import {useId} from 'react'

import {formatLongDate, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {isIsoDate} from '@repo/schemas/iso-date.ts'
import type {AccessCopy} from '@repo/schemas/privacy-request-links.ts'
import {travellerStatusTitle, type TravellerHistoryEntry} from '@repo/schemas/traveller-status.ts'

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
  state: 'Where it stands',
  joined_at: 'Joined',
  offered_at: 'Places offered',
  hold_until: 'Places held for you until',
  booked_at: 'Became a request',
  lapsed_at: 'Offer ended',
  left_at: 'Left',
  consent: 'Agreed to receive the newsletter',
  consented_at: 'Agreed',
  consent_waitlist: 'Agreed to the waitlist terms',
  consent_record: 'What you agreed to',
  confirmed_at: 'Address confirmed',
  unsubscribed_at: 'Left the newsletter',
  source_page: 'Signed up on',
  anonymised_at: 'Removed',
}

/** Where a waitlist place stands, in words. */
const WAITLIST_STATES: Record<string, string> = {
  waiting: 'Waiting for places to free up',
  offered: 'Places offered to you',
  booked: 'Became a booking request',
  lapsed: 'The offer ended before it was taken',
}

/** Where a newsletter sign-up stands, in words. */
const SIGNUP_STATUSES: Record<string, string> = {
  pending: 'Waiting for you to confirm your address',
  confirmed: 'Signed up',
  unsubscribed: 'Left the newsletter',
}

/** A status history entry as the copy holds it: what the traveller's status words read, and when. */
type HistoryEntry = TravellerHistoryEntry & {at?: string}

type ConsentRecord = {
  version?: string
  agreed_at?: string
  checkboxes?: {text?: string}[]
}

/** A consent record as a sentence: when, to what words, under which version of the notice. */
function consentInWords(record: ConsentRecord): string {
  const words = (record.checkboxes ?? [])
    .map((box) => box.text?.trim())
    .filter(Boolean)
    .map((text) => `“${text}”`)
  const when = record.agreed_at ? `On ${formatLongDateTime(record.agreed_at)} you` : 'You'
  const what = words.length ? `agreed to ${words.join(' and ')}` : 'agreed to our privacy notice'
  const version = record.version ? ` (privacy notice version ${record.version})` : ''
  return `${when} ${what}${version}.`
}

/** A field without a title of its own: its name as words, capitalised. */
const titleOf = (key: string) => {
  const words = key.replace(/_/g, ' ')
  return FIELD_TITLES[key] ?? words.charAt(0).toUpperCase() + words.slice(1)
}

/** Not shown on the page (the download keeps them): internal references nobody reading needs. */
const HIDDEN_ON_PAGE = new Set(['about', 'request_hash', 'confirm_nonce', 'mail_id'])

function display(key: string, value: unknown, record: Record<string, unknown>): string {
  if ((key.endsWith('_at') || key === 'hold_until') && typeof value === 'string')
    return formatLongDateTime(value)
  if (key === 'state' && typeof value === 'string') return WAITLIST_STATES[value] ?? value
  if (key === 'status' && typeof value === 'string')
    return record._type === 'newsletterSignup'
      ? (SIGNUP_STATUSES[value] ?? value)
      : travellerStatusTitle(
          value,
          Array.isArray(record.status_history) ? (record.status_history as HistoryEntry[]) : [],
        )
  if (key === 'consent_record' && value && typeof value === 'object')
    return consentInWords(value as ConsentRecord)
  if (/(^|_)date$/.test(key) && typeof value === 'string' && isIsoDate(value))
    return formatLongDate(value)
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (key === 'status_history' && Array.isArray(value))
    return value
      .map((entry: HistoryEntry) =>
        [
          entry.status ? travellerStatusTitle(entry.status, [entry]) : '',
          entry.at ? formatLongDateTime(entry.at) : '',
        ]
          .filter(Boolean)
          .join(', '),
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
          <dt>{titleOf(key)}</dt>
          <dd>{display(key, value, record)}</dd>
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
        title="Waitlist places"
        records={copy.signups.filter((record) => record._type === 'waitlistEntry')}
        empty="This address is on no waitlist."
      />
      <CopySection
        title="Newsletter sign-ups"
        records={copy.signups.filter((record) => record._type !== 'waitlistEntry')}
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
