import {useId, useState, type FormEvent} from 'react'

import {useConfirmSecondStep, useSecondStepDone, useStartSecondStep} from '../api/second-step'
import {StaffApiError} from '../api/staff-api'

/**
 * Setting up an authenticator app: the secret to type (or the `otpauth://` address for apps that take one), a code
 * from the app to confirm it, then the ten recovery codes, shown this once.
 */
export function SecondStepSetup({required = false}: {required?: boolean}) {
  const start = useStartSecondStep()
  const confirm = useConfirmSecondStep()
  const done = useSecondStepDone()
  const [codes, setCodes] = useState<string[] | null>(null)
  const ids = {code: useId(), problem: useId()}

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '')
    confirm.mutate(code, {onSuccess: ({recoveryCodes}) => setCodes(recoveryCodes)})
  }

  if (codes) {
    return (
      <section aria-labelledby="recovery-heading" className="card admin-card">
        <h2 id="recovery-heading">Your recovery codes</h2>
        <p>
          Keep these somewhere safe, away from your phone. Each one signs you in once if you lose
          your authenticator app. They are not shown again.
        </p>
        <ul aria-label="Recovery codes" className="admin-recovery-codes">
          {codes.map((code) => (
            <li key={code}>
              <code>{code}</code>
            </li>
          ))}
        </ul>
        <button type="button" className="button button--primary" onClick={done}>
          I have kept them
        </button>
      </section>
    )
  }

  return (
    <section aria-labelledby="second-step-heading" className="card admin-card">
      <h2 id="second-step-heading">Second step</h2>
      <p>
        {required
          ? 'The owner asks everyone to sign in with a second step. Set it up to continue.'
          : 'Ask for a code from an authenticator app each time you sign in, as well as your password.'}
      </p>
      {start.data ? (
        <form onSubmit={onConfirm} method="post" className="admin-gate__form">
          <p>
            In your authenticator app, add an account with this key:{' '}
            <code aria-label="Set-up key">{start.data.secret}</code>
          </p>
          <p className="muted">
            Or, if your app takes an address: <code>{start.data.uri}</code>
          </p>
          <div className="field">
            <label htmlFor={ids.code}>Code from the app</label>
            <input
              id={ids.code}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]{6,7}"
              required
              aria-describedby={confirm.error ? ids.problem : undefined}
            />
          </div>
          {confirm.error ? (
            <p id={ids.problem} className="field__error" role="alert">
              {confirm.error instanceof StaffApiError ? confirm.error.message : 'Please try again.'}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            Turn on the second step
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button button--primary"
          disabled={start.isPending}
          onClick={() => start.mutate()}
        >
          Set up an authenticator app
        </button>
      )}
    </section>
  )
}
