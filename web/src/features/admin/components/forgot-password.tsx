import {useId, type FormEvent} from 'react'

import {TextField} from '../../../components/ui/field'
import {useRequestReset} from '../api/password-links'
import {apiErrorMessage} from '../../../lib/api-client'

/** "Forgot your password?": one address, and the same answer whether or not it has an account. */
export function ForgotPassword() {
  const reset = useRequestReset()
  const id = useId()

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim()
    if (email) reset.mutate(email)
  }

  return (
    <details className="admin-gate__forgot">
      <summary>Forgot your password?</summary>
      <form onSubmit={onSubmit} method="post" className="admin-gate__form">
        <TextField
          id={id}
          label="Your email address"
          type="email"
          name="email"
          autoComplete="username"
          required
          requiredMark={false}
        />
        <button type="submit" className="button button--ghost" disabled={reset.isPending}>
          Send me a link
        </button>
        <div aria-live="polite">
          {reset.data ? <p>{reset.data.message}</p> : null}
          {reset.error ? (
            <p className="field__error" role="alert">
              {apiErrorMessage(reset.error, 'Please try again.')}
            </p>
          ) : null}
        </div>
      </form>
    </details>
  )
}
