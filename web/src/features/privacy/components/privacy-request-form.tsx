import {useId, useState} from 'react'

import {
  CORRECTION_MAX_LENGTH,
  PRIVACY_REQUEST_KIND_TITLES,
  PRIVACY_REQUEST_KINDS,
  type PrivacyRequestKind,
} from '@repo/schemas/privacy-request-kinds.ts'

import {FieldError, HoneypotField, TextareaField, TextField} from '../../../components/ui/field'
import {FormMessage} from '../../../components/ui/form-message'
import {useLazySchemaForm} from '../../../lib/use-lazy-schema-form'

const FIELDS = ['kind', 'email', 'correction'] as const

/**
 * The privacy page's request form: a copy of what we hold, its deletion or a correction, for one email address.
 * The answer is the same whoever's address it is; only a link mailed to that address confirms the request
 * (functions/privacy-requests). Plain fields and the shared schema loaded on first send (useLazySchemaForm).
 */
export function PrivacyRequestForm() {
  const id = useId()
  const [kind, setKind] = useState<PrivacyRequestKind>('access')
  const {formProps, message, messageRef, errors, pending, invalid, field} = useLazySchemaForm({
    id,
    fields: FIELDS,
    loadSchema: async () =>
      (await import('@repo/schemas/privacy-requests.ts')).privacyRequestSchema,
    read: (data) => ({
      kind: data.get('kind') ?? '',
      email: data.get('email') ?? '',
      correction: data.get('correction') ?? '',
      website: data.get('website') ?? '',
    }),
    url: '/api/privacy-requests',
    failed: 'Your request could not be sent. Please try again.',
    onSent: (answer: {message?: string} | null, _payload, form) => {
      form.reset()
      setKind('access')
      return {text: answer?.message ?? 'Thank you. Check your email.', variant: 'success'}
    },
  })

  return (
    <form
      className="info-card"
      aria-labelledby={`${id}-heading`}
      data-form="privacy-request"
      {...formProps}
    >
      <h2 id={`${id}-heading`}>Ask about your information</h2>
      <p>
        We send a link to the address you give. Nothing happens, and nothing is shown, until that
        link is opened.
      </p>
      <FormMessage message={message} ref={messageRef} />
      <fieldset className="field">
        <legend>What would you like?</legend>
        {PRIVACY_REQUEST_KINDS.map((value) => (
          <p className="checkbox" key={value}>
            <input
              id={`${id}-kind-${value}`}
              type="radio"
              name="kind"
              value={value}
              // The browser's own choice, not React's: chosen before the page hydrated, it is replayed as a
              // click whose state update lands after the replayed send, and a controlled radio would be put back
              // to the first kind in between, sending the wrong request. `kind` only shows the correction field.
              defaultChecked={value === 'access'}
              onChange={() => setKind(value)}
              {...invalid('kind')}
            />
            <label htmlFor={`${id}-kind-${value}`}>{PRIVACY_REQUEST_KIND_TITLES[value]}</label>
          </p>
        ))}
        <FieldError id={`${id}-kind`} error={errors.kind} />
      </fieldset>
      <TextField label="Your email address" type="email" autoComplete="email" {...field('email')} />
      {kind === 'correction' ? (
        <TextareaField
          label="What should we correct?"
          rows={4}
          maxLength={CORRECTION_MAX_LENGTH}
          {...field('correction')}
        />
      ) : null}
      <HoneypotField id={`${id}-website`} />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Sending...' : 'Send my request'}
      </button>
    </form>
  )
}
