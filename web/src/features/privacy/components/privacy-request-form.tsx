import {useId, useRef, useState, type FormEvent} from 'react'

import {
  CORRECTION_MAX_LENGTH,
  PRIVACY_REQUEST_KIND_TITLES,
  PRIVACY_REQUEST_KINDS,
  type PrivacyRequestKind,
} from '@repo/schemas/privacy-request-kinds.ts'

import {FormMessage, type FormMessageValue} from '../../../components/ui/form-message'

type FieldName = 'kind' | 'email' | 'correction'

const FAILED = 'Your request could not be sent. Please try again.'

/**
 * The privacy page's request form: a copy of what we hold, its deletion or a correction, for one email address.
 * The answer is the same whoever's address it is; only a link mailed to that address confirms the request
 * (functions/privacy-requests). Plain fields and the shared schema loaded on first send, as the newsletter form.
 */
export function PrivacyRequestForm() {
  const id = useId()
  const formRef = useRef<HTMLFormElement>(null)
  const [kind, setKind] = useState<PrivacyRequestKind>('access')
  const [message, setMessage] = useState<FormMessageValue | null>(null)
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({})
  const [pending, setPending] = useState(false)
  const sending = useRef(false)

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (sending.current) return
    sending.current = true
    setPending(true)
    const data = new FormData(event.currentTarget)
    try {
      const [{privacyRequestSchema}, {postJson}] = await Promise.all([
        import('@repo/schemas/privacy-requests.ts'),
        import('../../../lib/post-json'),
      ])
      const parsed = privacyRequestSchema.safeParse({
        kind: data.get('kind') ?? '',
        email: data.get('email') ?? '',
        correction: data.get('correction') ?? '',
        website: data.get('website') ?? '',
      })
      if (!parsed.success) {
        const fieldErrors = parsed.error.flatten().fieldErrors as Partial<Record<string, string[]>>
        setErrors({
          kind: fieldErrors.kind?.[0],
          email: fieldErrors.email?.[0],
          correction: fieldErrors.correction?.[0],
        })
        setMessage(null)
        return
      }
      setErrors({})
      setMessage(null)
      const answer = (await postJson('/api/privacy-requests', parsed.data, {fallback: FAILED})) as {
        message?: string
      } | null
      formRef.current?.reset()
      setKind('access')
      setMessage({text: answer?.message ?? 'Thank you. Check your email.', variant: 'success'})
    } catch (error) {
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
    errors[name] ? {'aria-invalid': true, 'aria-describedby': `${id}-${name}-error`} : {}
  const error = (name: FieldName) =>
    errors[name] ? (
      <p id={`${id}-${name}-error`} className="field__error">
        {errors[name]}
      </p>
    ) : null

  return (
    <form
      className="info-card"
      method="post"
      aria-labelledby={`${id}-heading`}
      data-form="privacy-request"
      noValidate
      ref={formRef}
      onSubmit={(event) => void send(event)}
    >
      <h2 id={`${id}-heading`}>Ask about your information</h2>
      <p>
        We send a link to the address you give. Nothing happens, and nothing is shown, until that
        link is opened.
      </p>
      <FormMessage message={message} />
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
        {error('kind')}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-email`}>Your email address</label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          {...invalid('email')}
        />
        {error('email')}
      </div>
      {kind === 'correction' ? (
        <div className="field">
          <label htmlFor={`${id}-correction`}>What should we correct?</label>
          <textarea
            id={`${id}-correction`}
            name="correction"
            rows={4}
            maxLength={CORRECTION_MAX_LENGTH}
            {...invalid('correction')}
          />
          {error('correction')}
        </div>
      ) : null}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Sending...' : 'Send my request'}
      </button>
    </form>
  )
}
