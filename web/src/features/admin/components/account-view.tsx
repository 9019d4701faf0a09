import {browserName} from '@repo/schemas/browser-name.ts'
import {formatLongDateTime} from '@repo/schemas/format-date.ts'
import type {StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

import {useEndSession, useOwnSessions} from '../api/own-sessions'
import {useOwnPasskeys, useRemovePasskey} from '../api/own-passkeys'
import {useAddPasskey} from '../api/passkeys'
import {SecondStepSetup} from './second-step-setup'

/**
 * A person's own account: their passkeys (added and removed here), their second step, and their open sessions on
 * any device, each of which they can end.
 */
export function AccountView({session}: {session: StaffSessionResponse}) {
  const sessions = useOwnSessions()
  const end = useEndSession()
  const addPasskey = useAddPasskey()
  const passkeys = useOwnPasskeys()
  const removePasskey = useRemovePasskey()
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
                Passkey {index + 1}, added {formatLongDateTime(passkey.createdAt)}{' '}
                <button
                  type="button"
                  className="button button--ghost"
                  disabled={removePasskey.isPending}
                  onClick={() => removePasskey.mutate(passkey.key)}
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
          onClick={() => addPasskey.mutate()}
        >
          Add a passkey
        </button>
        <div aria-live="polite">
          {addPasskey.isSuccess ? <p>Passkey added. You can sign in with it next time.</p> : null}
          {removePasskey.isSuccess ? <p>Passkey removed. It no longer signs you in.</p> : null}
          {addPasskey.isError ? (
            <p className="field__error" role="alert">
              The passkey was not added. Try again.
            </p>
          ) : null}
        </div>
      </section>
      {session.secondStep.enabled ? (
        <p>Your second step is on: you sign in with a code from your authenticator app.</p>
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
