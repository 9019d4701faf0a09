import {useId, useState, type FormEvent} from 'react'

import {
  useConfirmSecondStep,
  useSecondStepDone,
  useStartSecondStep,
  type SecondStepStart,
} from '../api/second-step'
import {apiErrorMessage} from '../../../lib/api-client'
import {useProofGate} from './confirm-it-is-you'

/** The key in groups of four, as apps show it and people type it: "ABCD EFGH …". */
export const groupedKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret

/** The `otpauth://` address as a QR code, drawn from the server's path: dark modules on a white square. */
function QrCode({qr}: {qr: SecondStepStart['qr']}) {
  return (
    <svg
      className="admin-qr__code"
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label="QR code for your authenticator app"
      shapeRendering="crispEdges"
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  )
}

/**
 * Setting up (or replacing) an authenticator app: a QR code of the `otpauth://` address to scan, the key in groups
 * of four to type when scanning cannot be done, a code from the app to confirm it, then the ten recovery codes,
 * shown this once. A sign-in more than a few minutes old is asked for the password (or the current app's code)
 * again first.
 */
export function SecondStepSetup({
  required = false,
  replacing = false,
  onCancel,
}: {
  required?: boolean
  /** The person has an app already: this one replaces it once confirmed. */
  replacing?: boolean
  onCancel?: () => void
}) {
  const start = useStartSecondStep()
  const confirm = useConfirmSecondStep()
  const done = useSecondStepDone()
  const [codes, setCodes] = useState<string[] | null>(null)
  const ids = {code: useId(), problem: useId(), heading: useId()}
  const {guard, refused, prompt} = useProofGate({withCode: replacing})

  function onConfirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s/g, '')
    guard((onError) =>
      confirm.mutate(code, {onSuccess: ({recoveryCodes}) => setCodes(recoveryCodes), onError}),
    )
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
    <section aria-labelledby={ids.heading} className="card admin-card">
      <h2 id={ids.heading}>{replacing ? 'Replace your authenticator app' : 'Second step'}</h2>
      <p>
        {required
          ? 'The owner asks everyone to sign in with a second step. Set it up to continue.'
          : replacing
            ? 'Set up the new app here. Until you confirm a code from it, the old one keeps working.'
            : 'Ask for a code from an authenticator app each time you sign in, as well as your password.'}
      </p>
      {prompt}
      {start.data ? (
        <form onSubmit={onConfirm} method="post" className="admin-gate__form">
          <figure className="admin-qr">
            <QrCode qr={start.data.qr} />
            <figcaption>
              Scan this with your authenticator app. It lists the account as{' '}
              <strong>{start.data.issuer}</strong>.
            </figcaption>
          </figure>
          <p>
            Cannot scan it? Add an account in the app and type this key:{' '}
            <code className="admin-qr__key" aria-label="Set-up key">
              {groupedKey(start.data.secret)}
            </code>
          </p>
          <details className="admin-qr__address">
            <summary>The address, for apps that take one</summary>
            <code>{start.data.uri}</code>
          </details>
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
          {confirm.error && !refused(confirm.error) ? (
            <p id={ids.problem} className="field__error" role="alert">
              {apiErrorMessage(confirm.error, 'Please try again.')}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={confirm.isPending}>
            {replacing ? 'Use the new app' : 'Turn on the second step'}
          </button>
        </form>
      ) : (
        <div className="admin-confirm__actions">
          <button
            type="button"
            className="button button--primary"
            disabled={start.isPending}
            onClick={() => guard((onError) => start.mutate(undefined, {onError}))}
          >
            {replacing ? 'Set up the new app' : 'Set up an authenticator app'}
          </button>
          {onCancel ? (
            <button type="button" className="button button--ghost" onClick={onCancel}>
              Cancel
            </button>
          ) : null}
        </div>
      )}
    </section>
  )
}
