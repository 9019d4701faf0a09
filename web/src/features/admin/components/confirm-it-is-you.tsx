import {useEffect, useId, useRef, useState, type FormEvent, type ReactNode} from 'react'

import {needsProof, useReauthenticate, type Proof} from '../api/reauthenticate'
import {apiErrorMessage} from '../../../lib/api-client'

/**
 * Asks for the password (or a code from the authenticator app) again before a change to how the person signs in,
 * when the server says the sign-in is more than a few minutes old; then the change is sent again.
 */
function ConfirmItIsYou({
  withCode,
  onConfirmed,
  onCancel,
}: {
  withCode: boolean
  onConfirmed: () => void
  onCancel: () => void
}) {
  const reauthenticate = useReauthenticate()
  const [useCode, setUseCode] = useState(false)
  const ids = {heading: useId(), field: useId(), problem: useId()}
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => field.current?.focus(), [useCode])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const value = String(new FormData(event.currentTarget).get('proof') ?? '')
    const proof: Proof = useCode ? {code: value.replace(/\s/g, '')} : {password: value}
    reauthenticate.mutate(proof, {onSuccess: onConfirmed})
  }

  return (
    <section aria-labelledby={ids.heading} className="card admin-card admin-confirm">
      <h3 id={ids.heading}>Confirm it is you</h3>
      <p>
        Changes to how you sign in need{' '}
        {useCode ? 'a code from your authenticator app' : 'your password'} again, so that nobody
        with only your open session can make them.
      </p>
      <form onSubmit={onSubmit} method="post" className="admin-gate__form">
        <div className="field">
          <label htmlFor={ids.field}>
            {useCode ? 'Code from your authenticator app' : 'Your password'}
          </label>
          <input
            key={useCode ? 'code' : 'password'}
            ref={field}
            id={ids.field}
            name="proof"
            required
            {...(useCode
              ? {inputMode: 'numeric' as const, autoComplete: 'one-time-code'}
              : {type: 'password', autoComplete: 'current-password'})}
            aria-invalid={reauthenticate.isError || undefined}
            aria-describedby={reauthenticate.isError ? ids.problem : undefined}
          />
        </div>
        {reauthenticate.isError ? (
          <p id={ids.problem} className="field__error" role="alert">
            {apiErrorMessage(reauthenticate.error, 'Please try again.')}
          </p>
        ) : null}
        <div className="admin-confirm__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={reauthenticate.isPending}
          >
            Confirm and continue
          </button>
          <button type="button" className="button button--ghost" onClick={onCancel}>
            Cancel
          </button>
          {withCode ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => {
                reauthenticate.reset()
                setUseCode((value) => !value)
              }}
            >
              {useCode ? 'Use my password instead' : 'Use a code from my app instead'}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  )
}

/**
 * Runs a change to the person's sign-in methods; when the server asks for a fresh proof, keeps the change, shows
 * `prompt` (the form above) and runs it again once the proof holds. `guard` passes the action an `onError` that
 * catches that answer; `refused(error)` says whether an error is that one, so the caller does not show it too.
 */
export function useProofGate({withCode}: {withCode: boolean}): {
  guard: (action: (onError: (error: unknown) => void) => void) => void
  refused: (error: unknown) => boolean
  prompt: ReactNode
} {
  const [retry, setRetry] = useState<(() => void) | null>(null)
  const guard = (action: (onError: (error: unknown) => void) => void) => {
    const attempt = () =>
      action((error) => {
        if (needsProof(error)) setRetry(() => attempt)
      })
    attempt()
  }
  const prompt = retry ? (
    <ConfirmItIsYou
      withCode={withCode}
      onConfirmed={() => {
        setRetry(null)
        retry()
      }}
      onCancel={() => setRetry(null)}
    />
  ) : null
  return {guard, refused: needsProof, prompt}
}
