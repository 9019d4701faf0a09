import {useId, useState} from 'react'

import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import {
  WAITLIST_FAILED_MESSAGE,
  WAITLIST_REQUIRED_MESSAGE,
} from '@repo/schemas/waitlist-messages.ts'

import {CheckboxField, HoneypotField, TextField} from '../../../components/ui/field'
import {FormMessage} from '../../../components/ui/form-message'
import {useLazySchemaForm} from '../../../lib/use-lazy-schema-form'
import {PrivacyPolicyHint} from './privacy-policy-hint'
import {WAITLIST_FORM_NAME, waitlistJoinFields, type WaitlistJoinOutcome} from '../waitlist-fields'

const FIELDS = ['name', 'email', 'consentWaitlist', 'consentPrivacy'] as const

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
export function WaitlistForm({
  trip,
  outcome,
}: {
  trip: WaitlistTrip
  /** The server's answer when the form was posted without script (the booking page's action). */
  outcome?: WaitlistJoinOutcome | undefined
}) {
  const id = useId()
  const [joined, setJoined] = useState<{email: string} | null>(() =>
    outcome?.ok ? {email: outcome.email} : null,
  )
  const refused = outcome && !outcome.ok ? outcome : undefined
  const {formProps, message, messageRef, field, pending} = useLazySchemaForm({
    id,
    fields: FIELDS,
    loadSchema: async () => (await import('@repo/schemas/waitlist.ts')).waitlistJoinSchema,
    read: waitlistJoinFields,
    url: '/api/waitlist',
    failed: WAITLIST_FAILED_MESSAGE,
    invalid: WAITLIST_REQUIRED_MESSAGE,
    onSent: (_answer, {email}) => {
      setJoined({email})
      return null
    },
    refused,
  })
  const when = `${formatDateInWords(trip.date)}${trip.time ? `, ${trip.time}` : ''}`

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

  return (
    <form className="waitlist" aria-labelledby={`${id}-heading`} aria-busy={pending} {...formProps}>
      <h3 id={`${id}-heading`}>Join the waitlist for this date</h3>
      <p className="muted">
        {trip.experienceTitle}, {when}, for {formatGroupInWords(trip.adults, trip.children)}. If
        places free up, we hold them for the first in line whose group fits, and email them.
      </p>
      <FormMessage message={message} ref={messageRef} />
      {/* The trip, as the join function takes it: read from here by the script and by the page's action alike. */}
      <input type="hidden" name="form" value={WAITLIST_FORM_NAME} />
      <input type="hidden" name="experienceId" value={trip.experienceId} />
      <input type="hidden" name="date" value={trip.date} />
      <input type="hidden" name="preferredTime" value={trip.time} />
      <input type="hidden" name="adults" value={trip.adults} />
      <input type="hidden" name="children" value={trip.children} />
      <TextField
        label="Full name"
        required
        autoComplete="name"
        defaultValue={refused?.name}
        {...field('name')}
      />
      <TextField
        label="Email"
        required
        type="email"
        autoComplete="email"
        defaultValue={refused?.email}
        {...field('email')}
      />
      <CheckboxField
        label="I understand the waitlist is not a booking: you email me if places free up"
        required
        {...field('consentWaitlist')}
      />
      <CheckboxField
        label="I agree to the privacy policy"
        required
        hint={<PrivacyPolicyHint />}
        {...field('consentPrivacy')}
      />
      <HoneypotField id={`${id}-website`} />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Joining…' : 'Join the waitlist'}
      </button>
    </form>
  )
}
