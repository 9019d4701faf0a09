import {useId, useState, type FormEvent} from 'react'

import {Modal} from '../../../components/ui/modal'
import {formatLongDate, formatLongDateTime} from '@repo/schemas/format-date.ts'
import {
  PRIVACY_REQUEST_DAYS,
  privacyRequestDaysLeft,
  privacyRequestDue,
} from '@repo/schemas/privacy-request-due.ts'
import {PRIVACY_REQUEST_KIND_TITLES} from '@repo/schemas/privacy-request-kinds.ts'
import type {RetentionPeriods} from '@repo/schemas/retention-periods.ts'
import type {AddressSearchResult, PrivacyReportEntry} from '@repo/schemas/staff-privacy.ts'

import {
  useAddressSearch,
  useCarryOutRequest,
  usePrivacyOverview,
  useSaveRetentionPeriods,
} from '../api/privacy'
import {apiErrorMessage} from '../../../lib/api-client'
import {useToast} from './toasts'

/**
 * The managers' privacy screen: how long personal details are kept, travellers' confirmed requests carried out
 * in one action, the search that proves an address is gone, and what the retention job and erasures removed.
 */
export function PrivacyView() {
  const overview = usePrivacyOverview()
  // One search for the screen: a request carried out clears its earlier answer, which no longer holds.
  const search = useAddressSearch()
  if (overview.isPending) return <p className="admin-empty">Loading privacy settings...</p>
  if (overview.isError)
    return <p className="admin-empty">The privacy settings could not be loaded.</p>
  return (
    <section aria-labelledby="privacy-heading" className="admin-privacy">
      <h2 id="privacy-heading">Personal data</h2>
      <RetentionForm periods={overview.data.periods} />
      <PendingRequests requests={overview.data.requests} onCarriedOut={() => search.reset()} />
      <AddressSearch search={search} />
      <Reports reports={overview.data.reports} />
    </section>
  )
}

const PERIOD_FIELDS: readonly [keyof RetentionPeriods, string, string][] = [
  ['requestMonthsAfterTrip', 'Booking requests, after the trip', 'months'],
  [
    'closedRequestMonthsAfterDecision',
    'Declined or withdrawn requests, after the decision',
    'months',
  ],
  ['unconfirmedLeadDays', 'Trip requests nobody followed up, after they arrived', 'days'],
]

function RetentionForm({periods}: {periods: RetentionPeriods}) {
  const id = useId()
  const save = useSaveRetentionPeriods()
  const toast = useToast()
  const [errors, setErrors] = useState<Partial<Record<keyof RetentionPeriods, string>>>({})

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    // Loaded when the form is sent: zod is most of a form's weight, and most visits never send this one.
    const {retentionPeriodsSchema} = await import('@repo/schemas/retention-periods.ts')
    const parsed = retentionPeriodsSchema.safeParse(
      Object.fromEntries(PERIOD_FIELDS.map(([name]) => [name, Number(data.get(name))])),
    )
    if (!parsed.success) {
      const fieldErrors = parsed.error.flatten().fieldErrors as Partial<Record<string, string[]>>
      setErrors(
        Object.fromEntries(PERIOD_FIELDS.map(([name]) => [name, fieldErrors[name]?.[0]])) as never,
      )
      return
    }
    setErrors({})
    save.mutate(parsed.data, {
      onSuccess: () =>
        toast({
          title: 'Saved',
          description: 'The retention job uses these periods from its next run.',
          variant: 'default',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            apiErrorMessage(error, 'The periods could not be saved.'),
          variant: 'destructive',
        }),
    })
  }

  return (
    <form className="admin-card" aria-labelledby={`${id}-heading`} noValidate onSubmit={submit}>
      <h3 id={`${id}-heading`}>How long we keep personal details</h3>
      <p>
        After these periods the details are removed everywhere they are kept; the trip itself (date,
        experience, party size) stays for the departures and totals.
      </p>
      <div className="form-grid">
        {PERIOD_FIELDS.map(([name, label, unit]) => (
          <div className="field" key={name}>
            <label htmlFor={`${id}-${name}`}>
              {label} ({unit})
            </label>
            <input
              id={`${id}-${name}`}
              name={name}
              type="number"
              inputMode="numeric"
              min={1}
              defaultValue={periods[name]}
              {...(errors[name]
                ? {'aria-invalid': true, 'aria-describedby': `${id}-${name}-error`}
                : {})}
            />
            {errors[name] ? (
              <p id={`${id}-${name}-error`} className="field__error">
                {errors[name]}
              </p>
            ) : null}
          </div>
        ))}
      </div>
      <button type="submit" className="button button--primary" disabled={save.isPending}>
        Save periods
      </button>
    </form>
  )
}

function ProofTable({places, caption}: {places: AddressSearchResult['places']; caption: string}) {
  const id = useId()
  return (
    <div className="admin-table-wrap">
      {/* A paragraph, not a caption: on a phone the table becomes cards, where a caption has no room. */}
      <p id={id}>
        <strong>{caption}</strong>
      </p>
      <table className="admin-table" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">Place</th>
            <th scope="col">Records searched</th>
            <th scope="col">Still naming the address</th>
          </tr>
        </thead>
        <tbody>
          {places.map((place) => (
            <tr key={place.place}>
              <th scope="row" data-label="Place">
                {place.place}
              </th>
              <td data-label="Searched">{place.searched}</td>
              <td data-label="Still there">{place.found === 0 ? 'None' : place.found}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted">
        Each site server keeps its own files and clears them within a minute of a removal; “What was
        removed” shows on how many servers that has happened.
      </p>
    </div>
  )
}

/** "Due by 28 December 2026 (8 days left)": the deadline the traveller was told of when they confirmed. */
function dueText(confirmedAt: string, now: Date): string {
  const left = privacyRequestDaysLeft(confirmedAt, now)
  const when = formatLongDate(privacyRequestDue(confirmedAt))
  if (left < 0) return `Overdue: was due by ${when} (${-left} ${-left === 1 ? 'day' : 'days'} ago)`
  if (left === 0) return `Due today, ${when}`
  return `Due by ${when} (${left} ${left === 1 ? 'day' : 'days'} left)`
}

function PendingRequests({
  requests,
  onCarriedOut,
}: {
  onCarriedOut: () => void
  requests: {
    _id: string
    kind: keyof typeof PRIVACY_REQUEST_KIND_TITLES
    email: string
    correction?: string | null
    confirmed_at: string
  }[]
}) {
  const carryOut = useCarryOutRequest()
  const toast = useToast()
  const [done, setDone] = useState<PrivacyReportEntry | null>(null)
  /** The erasure asked about in the dialog: nothing is deleted until the manager says so there. */
  const [erasing, setErasing] = useState<{id: string; email: string} | null>(null)
  const now = new Date()

  function run(id: string, label: string, correction?: {name?: string; phone?: string}) {
    carryOut.mutate(
      {id, correction},
      {
        onSuccess: ({report}) => {
          setDone(report)
          setErasing(null)
          onCarriedOut()
          toast({
            title: 'Done',
            description: `${label}: carried out. The traveller is told by mail.`,
            variant: 'default',
          })
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description:
              apiErrorMessage(error, 'The request could not be carried out.'),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <div className="admin-card">
      <h3>Travellers’ requests</h3>
      <p className="muted">
        Each is carried out within {PRIVACY_REQUEST_DAYS} days of the traveller confirming it, as
        they were told.
      </p>
      {requests.length === 0 ? (
        <p className="admin-empty">No confirmed requests are waiting.</p>
      ) : (
        <ul className="admin-list">
          {requests.map((request) => (
            <li key={request._id}>
              <p>
                <strong>{PRIVACY_REQUEST_KIND_TITLES[request.kind]}</strong> for{' '}
                <span className="admin-privacy__address">{request.email}</span>, confirmed{' '}
                {formatLongDateTime(request.confirmed_at)}
              </p>
              <p
                className={
                  privacyRequestDaysLeft(request.confirmed_at, now) < 0
                    ? 'admin-privacy__due admin-privacy__due--late'
                    : 'admin-privacy__due'
                }
              >
                {dueText(request.confirmed_at, now)}
              </p>
              {request.correction ? <p>Correction asked for: {request.correction}</p> : null}
              {request.kind === 'correction' ? (
                <CorrectionForm
                  email={request.email}
                  disabled={carryOut.isPending}
                  onApply={(correction) =>
                    run(request._id, `Correction for ${request.email}`, correction)
                  }
                />
              ) : (
                <button
                  type="button"
                  className="button button--primary admin-privacy__carry-out"
                  disabled={carryOut.isPending}
                  onClick={() => setErasing({id: request._id, email: request.email})}
                >
                  Delete everything about {request.email}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {done?.proof ? (
        <ProofTable places={done.proof} caption="Searched after carrying it out" />
      ) : null}
      <Modal
        open={erasing !== null}
        onClose={() => setErasing(null)}
        title="Delete everything about this address?"
        footer={
          <>
            <button type="button" className="button" onClick={() => setErasing(null)}>
              Keep it for now
            </button>
            <button
              type="button"
              className="button button--danger"
              disabled={carryOut.isPending}
              onClick={() => erasing && run(erasing.id, `Delete ${erasing.email}`)}
            >
              Delete everything
            </button>
          </>
        }
      >
        {erasing ? (
          <>
            <p>
              Every booking request, mail, sign-up and file that names{' '}
              <strong className="admin-privacy__address">{erasing.email}</strong> loses its personal
              details, on every server. This cannot be undone.
            </p>
            <p>
              The trips themselves stay (date, experience, party size), and the traveller is told by
              mail.
            </p>
          </>
        ) : null}
      </Modal>
    </div>
  )
}

function AddressSearch({search}: {search: ReturnType<typeof useAddressSearch>}) {
  const id = useId()
  return (
    <form
      className="admin-card"
      aria-labelledby={`${id}-heading`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        search.mutate(String(new FormData(event.currentTarget).get('email') ?? ''))
      }}
    >
      <h3 id={`${id}-heading`}>Search every place for an address</h3>
      <div className="field">
        <label htmlFor={`${id}-email`}>Email address</label>
        <input id={`${id}-email`} name="email" type="email" autoComplete="off" />
      </div>
      <button type="submit" className="button" disabled={search.isPending}>
        Search
      </button>
      {search.isError ? (
        <p className="field__error" role="alert">
          {search.error.message}
        </p>
      ) : null}
      {search.data ? (
        <>
          <p role="status">
            {search.data.found === 0
              ? 'Nothing anywhere names this address.'
              : `${search.data.found} records still name this address.`}
          </p>
          <ProofTable places={search.data.places} caption="Where we looked" />
        </>
      ) : null}
    </form>
  )
}

function Reports({reports}: {reports: PrivacyReportEntry[]}) {
  return (
    <div className="admin-card">
      <h3>What was removed</h3>
      {reports.length === 0 ? (
        <p className="admin-empty">Nothing has been removed yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Why</th>
                <th scope="col">Requests</th>
                <th scope="col">Mails, log lines, files</th>
                <th scope="col">Servers’ disks</th>
              </tr>
            </thead>
            <tbody>
              {reports.map((report) => (
                <tr key={report._id}>
                  <td data-label="When">{formatLongDateTime(report.at)}</td>
                  <td data-label="Why">
                    {report.trigger === 'retention'
                      ? 'Retention period passed'
                      : `Traveller’s request, carried out by ${report.by ?? 'a manager'}`}
                  </td>
                  <td data-label="Requests">
                    {(report.requests ?? [])
                      .map((request) => request.ref ?? request.type)
                      .join(', ') || 'None'}
                  </td>
                  <td data-label="Removed">
                    {report.outboxMails ?? 0} mails, {report.eventLines ?? 0} log lines,{' '}
                    {(report.mailFiles ?? 0) + (report.backupLines ?? 0)} file records
                    {report.purgedRecords
                      ? `, ${report.purgedRecords} other ${report.purgedRecords === 1 ? 'record' : 'records'}`
                      : ''}
                  </td>
                  <td data-label="Servers’ disks">{serversCleared(report.serversCleared)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}

/** Each site server clears its own disk within a minute of a report (apply-retention/disk-catch-up.ts). */
const serversCleared = (count: number | null | undefined) => {
  // Reports from before servers recorded their clean-up.
  if (count === null || count === undefined) return 'Not recorded'
  return count === 0
    ? 'Not yet cleared'
    : `Cleared on ${count} ${count === 1 ? 'server' : 'servers'}`
}

/**
 * A correction as the traveller asked for it: the manager types the corrected name or phone number, and one press
 * writes it on everything held about the address (leave a field empty to keep it as it is).
 */
function CorrectionForm({
  email,
  disabled,
  onApply,
}: {
  email: string
  disabled: boolean
  onApply: (correction: {name?: string; phone?: string}) => void
}) {
  const id = useId()
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const value = (name: string) => String(data.get(name) ?? '').trim() || undefined
    onApply({name: value('name'), phone: value('phone')})
  }
  return (
    <form
      className="admin-filters"
      aria-label={`Correct the details of ${email}`}
      onSubmit={submit}
    >
      <label htmlFor={`${id}-name`}>
        Corrected name
        <input id={`${id}-name`} name="name" autoComplete="off" maxLength={120} />
      </label>
      <label htmlFor={`${id}-phone`}>
        Corrected phone number
        <input id={`${id}-phone`} name="phone" type="tel" autoComplete="off" maxLength={40} />
      </label>
      <button
        type="submit"
        className="button button--primary admin-privacy__carry-out"
        disabled={disabled}
      >
        Apply to everything held about {email}
      </button>
    </form>
  )
}
