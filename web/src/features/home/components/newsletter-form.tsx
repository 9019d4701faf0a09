import {useId} from 'react'

import {
  NEWSLETTER_REQUIRED_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '@repo/schemas/newsletter-messages.ts'

import {CheckboxField, HoneypotField, TextField} from '../../../components/ui/field'
import {FormMessage} from '../../../components/ui/form-message'
import {useLazySchemaForm} from '../../../lib/use-lazy-schema-form'

type NewsletterFormProps = {
  heading: string
  text: string
  consentLabel: string
  buttonLabel: string
}

const FIELDS = ['name', 'email', 'consent'] as const

/**
 * The newsletter sign-up on the home page: name, email and consent required; stored once per email.
 *
 * Unlike the other forms it does without react-hook-form: it is on the home page, whose first JavaScript must
 * stay small for a slow phone, and three plain fields need no form library. The rules are still the shared zod schema
 * the server applies, loaded when the form is first sent (useLazySchemaForm). The fields are the browser's own, so
 * what was typed before the page hydrated stays.
 */
export function NewsletterForm({heading, text, consentLabel, buttonLabel}: NewsletterFormProps) {
  const id = useId()
  const {formProps, message, messageRef, errors, pending} = useLazySchemaForm({
    id,
    fields: FIELDS,
    loadSchema: async () =>
      (await import('@repo/schemas/newsletter-signup.ts')).newsletterSignupSchema,
    read: (data) => ({
      name: data.get('name') ?? '',
      email: data.get('email') ?? '',
      consent: data.get('consent') === 'on',
      website: data.get('website') ?? '',
      sourcePage: window.location.pathname,
    }),
    url: '/api/newsletter-signups',
    failed: 'Failed to sign up. Please try again.',
    invalid: NEWSLETTER_REQUIRED_MESSAGE,
    onSent: (_answer, _payload, form) => {
      form.reset()
      return {text: NEWSLETTER_SUCCESS_MESSAGE, variant: 'success'}
    },
  })

  // One error line under the fields, the first problem: the fields sit side by side.
  const invalid = (name: (typeof FIELDS)[number]) =>
    errors[name] ? {'aria-invalid': true, 'aria-describedby': `${id}-error`} : {}
  const firstError = errors.name ?? errors.email ?? errors.consent

  return (
    <form
      className="info-card"
      aria-labelledby={`${id}-heading`}
      data-form="newsletter"
      {...formProps}
    >
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>{text}</p>
      <FormMessage message={message} ref={messageRef} />
      <div className="form-grid">
        <TextField
          id={`${id}-name`}
          label="Name"
          name="name"
          autoComplete="name"
          {...invalid('name')}
        />
        <TextField
          id={`${id}-email`}
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          {...invalid('email')}
        />
      </div>
      <CheckboxField
        id={`${id}-consent`}
        label={consentLabel}
        name="consent"
        {...invalid('consent')}
      />
      {firstError ? (
        <p id={`${id}-error`} className="field__error">
          {firstError}
        </p>
      ) : null}
      <HoneypotField id={`${id}-website`} />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Submitting...' : buttonLabel}
      </button>
    </form>
  )
}
