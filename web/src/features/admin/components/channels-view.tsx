import {useId, useState, type FormEvent} from 'react'

import type {ChannelReseller, ResellerWithKey} from '@repo/schemas/channels.ts'
import {formatCreatedAt, formatLongDate, formatTripDate} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'

import {apiErrorMessage} from '../../../lib/api-client'
import {useAddReseller, useChannel, useChannels, useRevokeKey, useRotateKey} from '../api/channels'
import {useToast} from './toasts'
import '../channels.css'

/**
 * The Channels page (owners and managers; issue 44): resellers selling our places through OCTO. A key is shown
 * once, when it is made; the server keeps only its hash. Loaded only when opened (admin-dashboard.tsx).
 */
export function ChannelsView() {
  const channels = useChannels()
  const [newKey, setNewKey] = useState<ResellerWithKey | null>(null)
  const [open, setOpen] = useState<string | null>(null)

  if (channels.isPending) return <p className="admin-empty">Loading channels...</p>
  if (channels.isError) return <p className="admin-empty">The channels could not be loaded.</p>
  const {resellers, experiences} = channels.data
  const titleOf = new Map(experiences.map((experience) => [experience._id, experience.title]))
  const opened = resellers.find((reseller) => reseller._id === open) ?? null

  return (
    <section aria-labelledby="channels-heading" className="channels">
      <h2 id="channels-heading">Channels</h2>
      <p className="muted">
        Resellers sell the same places as the website through our OCTO connection. Each has its own
        key; a reseller sees only the experiences you give it.
      </p>
      {newKey ? <NewKey shown={newKey} onDone={() => setNewKey(null)} /> : null}
      <AddResellerForm experiences={experiences} onAdded={setNewKey} />
      <h3>Resellers</h3>
      {resellers.length === 0 ? (
        <p className="admin-empty">No resellers yet.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table channels__table">
            <thead>
              <tr>
                <th scope="col">Reseller</th>
                <th scope="col">Experiences</th>
                <th scope="col">Key</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {resellers.map((reseller) => (
                <ResellerRow
                  key={reseller._id}
                  reseller={reseller}
                  experiences={
                    reseller.experiences.length
                      ? reseller.experiences.map((id) => titleOf.get(id) ?? id).join(', ')
                      : 'Every experience open to resellers'
                  }
                  open={open === reseller._id}
                  onOpen={() => setOpen(open === reseller._id ? null : reseller._id)}
                  onNewKey={setNewKey}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {opened ? <ResellerDetails reseller={opened} /> : null}
    </section>
  )
}

/** The key, this once: it cannot be shown again, only replaced. */
function NewKey({shown, onDone}: {shown: ResellerWithKey; onDone: () => void}) {
  const id = useId()
  const [copied, setCopied] = useState(false)
  return (
    <div className="admin-card channels__key" role="status" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>The key of {shown.reseller.name}</h3>
      <p>
        Copy it now and give it to the reseller over a safe channel. It is shown only this once: we
        keep only a fingerprint of it.
      </p>
      <label htmlFor={id}>Key for {shown.reseller.name}</label>
      <input
        id={id}
        className="channels__key-value"
        readOnly
        value={shown.key}
        onFocus={(event) => event.currentTarget.select()}
        data-testid="reseller-key"
      />
      <div className="channels__actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            void navigator.clipboard?.writeText(shown.key).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy the key'}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          I have kept the key
        </button>
      </div>
    </div>
  )
}

function AddResellerForm({
  experiences,
  onAdded,
}: {
  experiences: {_id: string; title: string}[]
  onAdded: (shown: ResellerWithKey) => void
}) {
  const add = useAddReseller()
  const toast = useToast()
  const ids = {heading: useId(), name: useId(), contact: useId(), error: useId()}
  const [error, setError] = useState('')

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const chosen = data.getAll('experiences').map(String)
    if (chosen.length === 0) {
      setError('Choose at least one experience it may sell.')
      return
    }
    setError('')
    add.mutate(
      {
        name: String(data.get('name') ?? ''),
        contact: String(data.get('contact') ?? ''),
        experiences: chosen,
      },
      {
        onSuccess: (shown) => {
          form.reset()
          onAdded(shown)
          toast({
            title: 'Reseller added',
            description: `${shown.reseller.name} can sell once it has its key.`,
            variant: 'default',
          })
        },
        onError: (failure) =>
          setError(apiErrorMessage(failure, 'The reseller could not be added.')),
      },
    )
  }

  return (
    <form
      onSubmit={onSubmit}
      method="post"
      className="admin-card channels__add"
      aria-labelledby={ids.heading}
    >
      <h3 id={ids.heading}>Add a reseller</h3>
      {experiences.length === 0 ? (
        <p>
          No experience is open to resellers yet. In the studio, turn on “Resellers may sell this”
          for the experiences they may sell.
        </p>
      ) : (
        <>
          <div className="admin-filters channels__fields">
            <div className="field">
              <label htmlFor={ids.name}>Name</label>
              <input id={ids.name} name="name" autoComplete="off" required maxLength={100} />
            </div>
            <div className="field">
              <label htmlFor={ids.contact}>Contact email</label>
              <input
                id={ids.contact}
                name="contact"
                type="email"
                autoComplete="off"
                required
                maxLength={254}
              />
            </div>
          </div>
          <fieldset className="channels__experiences">
            <legend>Experiences it may sell</legend>
            {experiences.map((experience) => (
              <label key={experience._id} className="channels__experience">
                <input type="checkbox" name="experiences" value={experience._id} />{' '}
                {experience.title}
              </label>
            ))}
          </fieldset>
          {error ? (
            <p id={ids.error} className="channels__error" role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button" disabled={add.isPending}>
            {add.isPending ? 'Adding...' : 'Add the reseller'}
          </button>
        </>
      )}
    </form>
  )
}

function ResellerRow({
  reseller,
  experiences,
  open,
  onOpen,
  onNewKey,
}: {
  reseller: ChannelReseller
  experiences: string
  open: boolean
  onOpen: () => void
  onNewKey: (shown: ResellerWithKey) => void
}) {
  const rotate = useRotateKey()
  const revoke = useRevokeKey()
  const toast = useToast()
  const [asking, setAsking] = useState<'rotate' | 'revoke' | null>(null)
  const failed = (what: string) => (failure: unknown) =>
    toast({title: 'Error', description: apiErrorMessage(failure, what), variant: 'destructive'})

  const revoked = Boolean(reseller.revoked_at)
  return (
    <tr>
      <th scope="row">
        {reseller.name}
        <span className="channels__sub">{reseller.contact ?? 'No contact'}</span>
        <span className="channels__sub">
          Added {formatLongDate(reseller.created_at)} by {reseller.created_by}
        </span>
      </th>
      <td data-label="Experiences">{experiences}</td>
      <td data-label="Key">
        <span>
          {revoked ? (
            <>
              Revoked {formatLongDate(reseller.revoked_at!)}
              {reseller.revoked_by ? ` by ${reseller.revoked_by}` : ''}
            </>
          ) : (
            <>
              Live, begins <code>{reseller.key_prefix}</code>
              {reseller.key_rotated_at ? (
                <span className="channels__sub">
                  Replaced {formatLongDate(reseller.key_rotated_at)}
                  {reseller.key_rotated_by ? ` by ${reseller.key_rotated_by}` : ''}
                </span>
              ) : null}
            </>
          )}
        </span>
      </td>
      <td>
        <div className="channels__actions">
          <button
            type="button"
            className="button button--ghost"
            aria-expanded={open}
            aria-label={`Bookings and requests of ${reseller.name}`}
            onClick={onOpen}
          >
            Bookings and requests
          </button>
          {revoked ? null : asking ? (
            <span className="channels__confirm" role="group" aria-label="Confirm">
              <span>
                {asking === 'rotate'
                  ? `Replace the key of ${reseller.name}? The old key stops working at once.`
                  : `Revoke the key of ${reseller.name}? It stops working at once.`}
              </span>
              <button
                type="button"
                className="button button--danger"
                disabled={rotate.isPending || revoke.isPending}
                onClick={() => {
                  if (asking === 'rotate')
                    rotate.mutate(reseller._id, {
                      onSuccess: (shown) => {
                        setAsking(null)
                        onNewKey(shown)
                      },
                      onError: failed('The key could not be replaced.'),
                    })
                  else
                    revoke.mutate(reseller._id, {
                      onSuccess: () => {
                        setAsking(null)
                        toast({
                          title: 'Key revoked',
                          description: `${reseller.name} can no longer sell.`,
                          variant: 'default',
                        })
                      },
                      onError: failed('The key could not be revoked.'),
                    })
                }}
              >
                {asking === 'rotate' ? 'Replace the key' : 'Revoke the key'}
              </button>
              <button
                type="button"
                className="button button--ghost"
                onClick={() => setAsking(null)}
              >
                Keep it
              </button>
            </span>
          ) : (
            <>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Replace the key of ${reseller.name}`}
                onClick={() => setAsking('rotate')}
              >
                Replace the key
              </button>
              <button
                type="button"
                className="button button--ghost"
                aria-label={`Revoke the key of ${reseller.name}`}
                onClick={() => setAsking('revoke')}
              >
                Revoke the key
              </button>
            </>
          )}
        </div>
      </td>
    </tr>
  )
}

const STATUS_WORDS: Record<string, string> = {
  ON_HOLD: 'On hold',
  CONFIRMED: 'Confirmed',
  CANCELLED: 'Cancelled',
  EXPIRED: 'Expired',
}

function ResellerDetails({reseller}: {reseller: ChannelReseller}) {
  const details = useChannel(reseller._id)
  const headingId = useId()
  return (
    <section className="channels__details" aria-labelledby={headingId}>
      <h3 id={headingId}>{reseller.name}: bookings and requests</h3>
      {details.isPending ? (
        <p className="admin-empty">Loading...</p>
      ) : details.isError ? (
        <p className="admin-empty">The bookings and requests could not be loaded.</p>
      ) : (
        <>
          <h4>Bookings</h4>
          {details.data.bookings.length === 0 ? (
            <p className="admin-empty">No bookings yet.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Reseller reference</th>
                    <th scope="col">Experience</th>
                    <th scope="col">Date</th>
                    <th scope="col">Travellers</th>
                    <th scope="col">Status</th>
                    <th scope="col">Booking id (uuid)</th>
                  </tr>
                </thead>
                <tbody>
                  {details.data.bookings.map((booking) => (
                    <tr key={booking._id}>
                      <th scope="row">{booking.reseller_reference || 'None given'}</th>
                      <td data-label="Experience">{booking.experience_title}</td>
                      <td data-label="Date">{formatTripDate(booking.date)}</td>
                      <td data-label="Travellers">
                        {formatGroupInWords(booking.pax_adults, booking.pax_children)}
                      </td>
                      <td data-label="Status">{STATUS_WORDS[booking.status] ?? booking.status}</td>
                      <td data-label="Booking id">
                        <code>{booking.uuid}</code>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h4>Requests of the last week</h4>
          {details.data.requests.length === 0 ? (
            <p className="admin-empty">No requests in the last week.</p>
          ) : (
            <div className="admin-table-wrap">
              <table className="admin-table">
                <thead>
                  <tr>
                    <th scope="col">Time</th>
                    <th scope="col">Request</th>
                    <th scope="col">Answer</th>
                  </tr>
                </thead>
                <tbody>
                  {details.data.requests.map((entry, index) => (
                    <tr key={`${entry.at}-${index}`}>
                      <td data-label="Time">{formatCreatedAt(entry.at)}</td>
                      <td data-label="Request">
                        <code>
                          {entry.method} {entry.path}
                        </code>
                      </td>
                      <td data-label="Answer">{entry.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </section>
  )
}
