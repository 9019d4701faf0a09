import {useId, useRef, useState, type FormEvent} from 'react'
import {Link} from 'react-router-dom'

import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import {
  WAITLIST_FAILED_MESSAGE,
  WAITLIST_REQUIRED_MESSAGE,
} from '@repo/schemas/waitlist-messages.ts'

import {FormMessage, type FormMessageValue} from '../../../components/ui/form-message'

type FieldName = 'name' | 'email' | 'consentWaitlist' | 'consentPrivacy'

export type WaitlistTrip = {
  experienceId: string
  experienceTitle: string
  date: string
  /** The slot; '' for the day as a whole. */
  time: string
  adults: number
  children: number
}

/**
 * The full date's waitlist (docs/decisions/095-a-waitlist-per-departure.md): name, email and the same consents as the
 * booking form, checked with the schema the server applies. When places free up for the group, the first in line
 * whose group fits is mailed a link that holds them for a while; this form says so, and confirms what was joined.
 */
export function WaitlistForm({trip}: {trip: WaitlistTrip}) {
  const id = useId()
  const messageRef = useRef<HTMLDivElement>(null)
  const [message, setMessage] = useState<FormMessageValue | null>(null)
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [pending, setPending] = useState(false)
  const [joined, setJoined] = useState<{email: string} | null>(null)
  const sending = useRef(false)
  const when = `${formatDateInWords(trip.date)}${trip.time ? `, ${trip.time}` : ''}`

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending.current) return
    sending.current = true
    const data = new FormData(event.currentTarget)
    // The schema and the code that posts it load when the form is first sent: most visitors never join.
    const [{waitlistJoinSchema}, {postJson}] = await Promise.all([
      import('@repo/schemas/waitlist.ts'),
      import('../../../lib/post-json'),
    ])
    const parsed = waitlistJoinSchema.safeParse({
      experienceId: trip.experienceId,
      date: trip.date,
      preferredTime: trip.time,
      adults: trip.adults,
      children: trip.children,
      name: data.get('name') ?? '',
      email: data.get('email') ?? '',
      consentWaitlist: data.get('consentWaitlist') === 'on',
      consentPrivacy: data.get('consentPrivacy') === 'on',
      website: data.get('website') ?? '',
    })
    if (!parsed.success) {
      const fieldErrors = parsed.error.flatten().fieldErrors as Partial<Record<string, string[]>>
      setErrors({
        name: fieldErrors.name?.[0],
        email: fieldErrors.email?.[0],
        consentWaitlist: fieldErrors.consentWaitlist?.[0],
        consentPrivacy: fieldErrors.consentPrivacy?.[0],
      })
      setMessage({text: WAITLIST_REQUIRED_MESSAGE, variant: 'destructive'})
      messageRef.current?.focus()
      sending.current = false
      return
    }
    setPending(true)
    setErrors({})
    setMessage(null)
    try {
      await postJson('/api/waitlist', parsed.data, {fallback: WAITLIST_FAILED_MESSAGE})
      setJoined({email: parsed.data.email})
    } catch (error) {
      const status = error instanceof Error && 'status' in error ? Number(error.status) : 0
      setMessage({
        text: status >= 400 && status < 500 ? (error as Error).message : WAITLIST_FAILED_MESSAGE,
        variant: 'destructive',
      })
      messageRef.current?.focus()
    } finally {
      sending.current = false
      setPending(false)
    }
  }

  if (joined)
    return (
      <section className="waitlist waitlist--joined" aria-labelledby={`${id}-joined`}>
        <h3 id={`${id}-joined`} tabIndex={-1} ref={(node) => node?.focus()}>
          You are on the waitlist
        </h3>
        <p>
          {trip.experienceTitle}, {when}, for {formatGroupInWords(trip.adults, trip.children)}.
        </p>
        <p>
          We have sent a confirmation to <strong>{joined.email}</strong>. When places free up for
          your group, we email you a link that holds them for you for a limited time. Nothing is
          booked until you take it, and the confirmation has a link to leave the waitlist.
        </p>
      </section>
    )

  const invalid = (name: FieldName) =>
    errors[name] ? {'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error`} : {}
  const fieldError = (name: FieldName) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null

  return (
    <form
      className="waitlist"
      method="post"
      noValidate
      aria-labelledby={`${id}-heading`}
      aria-busy={pending}
      onSubmit={(event) => void send(event)}
    >
      <h3 id={`${id}-heading`}>Join the waitlist for this date</h3>
      <p className="muted">
        {trip.experienceTitle}, {when}, for {formatGroupInWords(trip.adults, trip.children)}. If
        places free up, we hold them for the first in line whose group fits, and email them.
      </p>
      <FormMessage message={message} ref={messageRef} />
      <div className="field">
        <label htmlFor={`${id}-name`}>
          Full name<span aria-hidden="true"> *</span>
        </label>
        <input id={`${id}-name`} name="name" autoComplete="name" {...invalid('name')} />
        {fieldError('name')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>
          Email<span aria-hidden="true"> *</span>
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          {...invalid('email')}
        />
        {fieldError('email')}
      </div>
      <div className="field field--checkbox">
        <input
          id={`${id}-consentWaitlist`}
          type="checkbox"
          name="consentWaitlist"
          {...invalid('consentWaitlist')}
        />
        <div>
          <label htmlFor={`${id}-consentWaitlist`}>
            I understand the waitlist is not a booking: you email me if places free up
            <span aria-hidden="true"> *</span>
          </label>
          {fieldError('consentWaitlist')}
        </div>
      </div>
      <div className="field field--checkbox">
        <input
          id={`${id}-consentPrivacy`}
          type="checkbox"
          name="consentPrivacy"
          {...invalid('consentPrivacy')}
        />
        <div>
          <label htmlFor={`${id}-consentPrivacy`}>
            I agree to the privacy policy<span aria-hidden="true"> *</span>
          </label>
          <p className="checkbox__hint">
            <Link to="/privacy" target="_blank" rel="noopener">
              Read the privacy policy
            </Link>{' '}
            (opens in a new tab)
          </p>
          {fieldError('consentPrivacy')}
        </div>
      </div>
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Joining…' : 'Join the waitlist'}
      </button>
    </form>
  )
}
