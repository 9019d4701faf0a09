import {useId, useRef, useState, type FormEvent} from 'react'

import {Field} from '../../../components/ui/field'
import {FormMessage, type FormMessageValue} from '../../../components/ui/form-message'
import {ApiError} from '../../../lib/post-json'
import {REQUEST_FORMS} from '../api/request-forms'
import {useRequestNewLink} from '../api/request-new-link'

/**
 * Reference and email: a new link goes to the address the request was made with, never to another. Without script
 * the form posts to the page, whose route action sends it on (`posted` is what came of it).
 */
export function NewLinkForm({posted = null}: {posted?: FormMessageValue | null}) {
  const id = useId()
  const send = useRequestNewLink()
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({})
  const [message, setMessage] = useState<FormMessageValue | null>(posted)
  const messageRef = useRef<HTMLDivElement>(null)
  const show = (value: FormMessageValue) => {
    setMessage(value)
    requestAnimationFrame(() => messageRef.current?.focus())
  }
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const input = {
      reference: String(data.get('reference') ?? '').trim(),
      email: String(data.get('email') ?? '').trim(),
    }
    const missing: Record<string, string[]> = {}
    if (!input.reference) missing.reference = ['Enter your booking reference.']
    if (!input.email) missing.email = ['Enter the email address you used.']
    setFieldErrors(missing)
    if (Object.keys(missing).length) {
      show({
        text: 'Enter your booking reference and the email address you used.',
        variant: 'destructive',
      })
      return
    }
    send.mutate(input, {
      onSuccess: (answer) => show({title: 'Sent', text: answer.message, variant: 'success'}),
      onError: (error) => {
        if (error instanceof ApiError) setFieldErrors(error.fieldErrors)
        show({text: error.message, variant: 'destructive'})
      },
    })
  }
  const error = (name: string) => fieldErrors[name]?.[0]
  const described = (name: string) =>
    error(name) ? {'aria-invalid': true, 'aria-describedby': `${id}-${name}-error`} : {}
  return (
    <form method="post" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <input type="hidden" name="form" value={REQUEST_FORMS.newLink} />
      <h2 id={`${id}-heading`}>Get a new link</h2>
      <p>
        Enter the reference from our email and the email address you used. We will send a new link
        to that address.
      </p>
      <FormMessage ref={messageRef} message={message} />
      <Field id={`${id}-reference`} label="Booking reference" error={error('reference')} required>
        <input
          id={`${id}-reference`}
          name="reference"
          autoComplete="off"
          spellCheck={false}
          maxLength={40}
          {...described('reference')}
        />
      </Field>
      <Field id={`${id}-email`} label="Email address" error={error('email')} required>
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          {...described('email')}
        />
      </Field>
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send me a new link'}
      </button>
    </form>
  )
}
