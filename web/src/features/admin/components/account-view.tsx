import {useState} from 'react'

import {browserName} from '@repo/schemas/browser-name.ts'
import {formatLongDateTime} from '@repo/schemas/format-date.ts'
import type {StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

import {useEndSession, useOwnSessions} from '../api/own-sessions'
import {useOwnPasskeys, useRemovePasskey} from '../api/own-passkeys'
import {useAddPasskey} from '../api/passkeys'
import {useRemoveSecondStep} from '../api/second-step'
import {useProofGate} from './confirm-it-is-you'
import {SecondStepSetup} from './second-step-setup'

/**
 * A person's own account: their passkeys (when each was added and last used; added and removed here), their
 * second step (set up, replaced or removed here), and their open sessions on any device, each of which they can
 * end. Changes to how they sign in ask for the password or a code again when the sign-in is a few minutes old.
 */
export function AccountView({session}: {session: StaffSessionResponse}) {
  const sessions = useOwnSessions()
  const end = useEndSession()
  const addPasskey = useAddPasskey()
  const passkeys = useOwnPasskeys()
  const removePasskey = useRemovePasskey()
  const removeApp = useRemoveSecondStep()
  const [replacingApp, setReplacingApp] = useState(false)
  const {guard, refused, prompt} = useProofGate({withCode: session.secondStep.enabled})
  return (
    <div className="admin-account">
      <section aria-labelledby="passkey-heading" className="card admin-card">
        <h2 id="passkey-heading">Passkeys</h2>
        <p>
          A passkey on this device or your phone signs you in without a password or code, and works
          only on this site.
        </p>
        {passkeys.data && passkeys.data.passkeys.length > 0 ? (
          <ul className="admin-sessions" aria-label="Your passkeys">
            {passkeys.data.passkeys.map((passkey, index) => (
              <li key={passkey.key}>
                Passkey {index + 1}, added {formatLongDateTime(passkey.createdAt)},{' '}
                {passkey.lastUsedAt
                  ? `last used ${formatLongDateTime(passkey.lastUsedAt)}`
                  : 'not used yet'}{' '}
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={removePasskey.isPending}
                  onClick={() =>
                    guard((onError) => removePasskey.mutate(passkey.key, {onError}))
                  }
                >
                  Remove passkey {index + 1}
                </button>
              </li>
            ))}
          </ul>
        ) : passkeys.data ? (
          <p>You have no passkeys yet.</p>
        ) : null}
        <button
          type="button"
          className="button button--ghost"
          disabled={addPasskey.isPending}
          onClick={() => guard((onError) => addPasskey.mutate(undefined, {onError}))}
        >
          Add a passkey
        </button>
        {prompt}
        <div aria-live="polite">
          {addPasskey.isSuccess ? <p>Passkey added. You can sign in with it next time.</p> : null}
          {removePasskey.isSuccess ? <p>Passkey removed. It no longer signs you in.</p> : null}
          {removeApp.isSuccess ? (
            <p>Authenticator app removed. Signing in no longer asks for its code.</p>
          ) : null}
          {addPasskey.isError && !refused(addPasskey.error) ? (
            <p className="field__error" role="alert">
              The passkey was not added. Try again.
            </p>
          ) : null}
        </div>
      </section>
      {session.secondStep.enabled && replacingApp ? (
        <SecondStepSetup replacing onCancel={() => setReplacingApp(false)} />
      ) : session.secondStep.enabled ? (
        <section aria-labelledby="app-heading" className="card admin-card">
          <h2 id="app-heading">Authenticator app</h2>
          <p>Your second step is on: you sign in with a code from your authenticator app.</p>
          <div className="admin-confirm__actions">
            <button
              type="button"
              className="button button--ghost"
              onClick={() => setReplacingApp(true)}
            >
              Replace the app
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={removeApp.isPending}
              onClick={() => guard((onError) => removeApp.mutate(undefined, {onError}))}
            >
              Remove the app
            </button>
          </div>
          {removeApp.isError && !refused(removeApp.error) ? (
            <p className="field__error" role="alert">
              {removeApp.error.message}
            </p>
          ) : null}
        </section>
      ) : (
        <SecondStepSetup />
      )}
      <section aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Where you are signed in</h2>
        {sessions.data ? (
          <ul className="admin-sessions">
            {sessions.data.sessions.map((open) => (
              <li key={open._id}>
                {browserName(open.userAgent)}: signed in {formatLongDateTime(open.createdAt)}, last
                used {formatLongDateTime(open.lastUsedAt)}
                {open.current ? (
                  ' (this browser)'
                ) : (
                  <>
                    {' '}
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={end.isPending}
                      onClick={() => end.mutate(open._id)}
                    >
                      End this session
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="admin-empty">Loading sessions...</p>
        )}
      </section>
    </div>
  )
}
