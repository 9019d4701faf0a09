import {useId, useRef, useState, type FormEvent} from 'react'

import {
  NEWSLETTER_REQUIRED_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '@repo/schemas/newsletter-messages.ts'

import {FormMessage, type FormMessageValue} from '../../../components/ui/form-message'

type NewsletterFormProps = {
  heading: string
  text: string
  consentLabel: string
  buttonLabel: string
}

type FieldName = 'name' | 'email' | 'consent'

const FAILED = 'Failed to sign up. Please try again.'

/**
 * The newsletter sign-up on the home page: name, email and consent required; stored once per email.
 *
 * Unlike the other forms it does without react-hook-form: it is on the home page, whose first JavaScript must
 * stay small for a slow phone, and three plain fields need no form library. The rules are still the shared zod schema
 * the server applies, loaded when the form is first sent (zod is most of a form's weight, and most visitors
 * never sign up), with the code that posts it. The fields are the browser's own, so what was typed before the
 * page hydrated stays.
 */
export function NewsletterForm({heading, text, consentLabel, buttonLabel}: NewsletterFormProps) {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [message, setMessage] = useState<FormMessageValue | null>(null)
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [pending, setPending] = useState(false)
  // A second press while the first is still loading its code or sending counts once.
  const sending = useRef(false)

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending.current) return
    sending.current = true
    setPending(true)
    const data = new FormData(event.currentTarget)
    try {
      const [{newsletterSignupSchema}, {postJson}] = await Promise.all([
        import('@repo/schemas/newsletter-signup.ts'),
        import('../../../lib/post-json'),
      ])
      const parsed = newsletterSignupSchema.safeParse({
        name: data.get('name') ?? '',
        email: data.get('email') ?? '',
        consent: data.get('consent') === 'on',
        website: data.get('website') ?? '',
        sourcePage: window.location.pathname,
      })
      if (!parsed.success) {
        const fieldErrors = parsed.error.flatten().fieldErrors as Partial<Record<string, string[]>>
        setErrors({
          name: fieldErrors.name?.[0],
          email: fieldErrors.email?.[0],
          consent: fieldErrors.consent?.[0],
        })
        setMessage({text: NEWSLETTER_REQUIRED_MESSAGE, variant: 'destructive'})
        return
      }
      setErrors({})
      setMessage(null)
      await postJson('/api/newsletter-signups', parsed.data, {fallback: FAILED})
      formRef.current?.reset()
      setMessage({text: NEWSLETTER_SUCCESS_MESSAGE, variant: 'success'})
    } catch (error) {
      // The server's own message for what it refused (an ApiError with a 4xx status), else ours.
      const status = error instanceof Error && 'status' in error ? Number(error.status) : 0
      setMessage({
        text: status >= 400 && status < 500 ? (error as Error).message : FAILED,
        variant: 'destructive',
      })
    } finally {
      sending.current = false
      setPending(false)
    }
  }

  const invalid = (name: FieldName) =>
    errors[name] ? {'aria-invalid': true, 'aria-describedby': `${id}-error`} : {}
  const firstError = errors.name ?? errors.email ?? errors.consent

  return (
    <form
      className="info-card"
      // Sent before the page has hydrated, the browser posts it to the page (see create-site-app.ts) rather
      // than putting names and emails into the address.
      method="post"
      aria-labelledby={`${id}-heading`}
      data-form="newsletter"
      noValidate
      ref={formRef}
      onSubmit={(event) => void send(event)}
    >
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>{text}</p>
      <FormMessage message={message} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} name="name" autoComplete="name" {...invalid('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            name="email"
            autoComplete="email"
            {...invalid('email')}
          />
        </div>
      </div>
      <p className="checkbox">
        <input id={`${id}-consent`} type="checkbox" name="consent" {...invalid('consent')} />
        <label htmlFor={`${id}-consent`}>{consentLabel}</label>
      </p>
      {firstError ? (
        <p id={`${id}-error`} className="field__error">
          {firstError}
        </p>
      ) : null}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Submitting...' : buttonLabel}
      </button>
    </form>
  )
}
