import {formatLongDateTime} from '@repo/schemas/format-date.ts'
import type {StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

import {useEndSession, useOwnSessions} from '../api/own-sessions'
import {SecondStepSetup} from './second-step-setup'

/** A person's own account: their second step, and their open sessions on any device, each of which they can end. */
export function AccountView({session}: {session: StaffSessionResponse}) {
  const sessions = useOwnSessions()
  const end = useEndSession()
  return (
    <div className="admin-account">
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
                {open.userAgent || 'Unknown browser'}: signed in{' '}
                {formatLongDateTime(open.createdAt)}, last used{' '}
                {formatLongDateTime(open.lastUsedAt)}
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
