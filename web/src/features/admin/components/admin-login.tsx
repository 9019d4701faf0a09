import {useEffect, useId, useState, type FormEvent} from 'react'

import {ApiError} from '../../../lib/api-client'
import {useLogin} from '../api/staff-api'
import {usePasskeySignIn} from '../api/passkeys'
import {ForgotPassword} from './forgot-password'
import {useToast} from './toasts'

/**
 * The locked state: email and password are checked by the server, which sets the session cookie. The
 * first owner, made from the set-up password, has no email yet and signs in with the password alone.
 */
export function AdminLogin({email = '', notice}: {email?: string; notice?: string}) {
  const login = useLogin()
  const passkey = usePasskeySignIn()
  const toast = useToast()
  const inputId = useId()
  const emailId = useId()
  const emailHintId = useId()
  const codeId = useId()
  // After a right password, for a person with a second step: the form asks for the code too.
  const [askCode, setAskCode] = useState(false)
  // Until the script runs, a native submit would put the password in the page URL; so the button waits.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  // Read from the form rather than from state: what was typed before the page hydrated is in the field, not in state.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const password = String(data.get('password') ?? '')
    const email = String(data.get('email') ?? '').trim()
    const code = String(data.get('code') ?? '').trim()
    if (!password) return
    login.mutate(
      {...(email ? {email} : {}), password, ...(code ? {code} : {})},
      {
        onSuccess: () =>
          toast({title: 'Success', description: 'Access granted', variant: 'default'}),
        onError: (error) => {
          const body = error instanceof ApiError ? (error.body as {secondStep?: string}) : null
          if (body?.secondStep === 'code') {
            // Keep what was typed; only the code field is new (or cleared after a wrong code).
            const codeField = form.elements.namedItem('code')
            if (codeField instanceof HTMLInputElement) codeField.value = ''
            if (askCode) toast({title: 'Error', description: error.message, variant: 'destructive'})
            setAskCode(true)
            return
          }
          toast({
            title: 'Error',
            description:
              error instanceof ApiError && error.status === 429
                ? 'Too many attempts. Please wait and try again.'
                : 'Wrong email or password',
            variant: 'destructive',
          })
          setAskCode(false)
          form.reset()
        },
      },
    )
  }

  return (
    <div className="admin-gate card">
      <h1>Admin Access Required</h1>
      <p className="muted">Sign in with your staff account to manage booking requests.</p>
      {notice ? <p role="status">{notice}</p> : null}
      <form onSubmit={onSubmit} method="post" className="admin-gate__form">
        <div className="field">
          <label htmlFor={emailId}>Email</label>
          <input
            id={emailId}
            type="email"
            name="email"
            autoComplete="username"
            defaultValue={email}
            aria-describedby={emailHintId}
          />
          <p id={emailHintId} className="muted">
            Leave empty if you are the owner signing in with the set-up password.
          </p>
        </div>
        <div className="field">
          <label htmlFor={inputId}>Password</label>
          <input
            id={inputId}
            type="password"
            name="password"
            autoComplete="current-password"
            required
          />
        </div>
        {askCode ? (
          <div className="field">
            <label htmlFor={codeId}>Code from your authenticator app (or a recovery code)</label>
            <input
              id={codeId}
              name="code"
              autoComplete="one-time-code"
              required
              autoFocus
              maxLength={20}
            />
          </div>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={!hydrated || login.isPending}
        >
          Access Dashboard
        </button>
      </form>
      <button
        type="button"
        className="button button--ghost"
        disabled={!hydrated || passkey.isPending}
        onClick={() =>
          passkey.mutate(undefined, {
            onSuccess: () =>
              toast({title: 'Success', description: 'Access granted', variant: 'default'}),
            onError: () =>
              toast({
                title: 'Error',
                description: 'Signing in with a passkey did not work. Use your password instead.',
                variant: 'destructive',
              }),
          })
        }
      >
        Sign in with a passkey
      </button>
      <ForgotPassword />
    </div>
  )
}
