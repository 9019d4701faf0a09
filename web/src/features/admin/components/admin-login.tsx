import {useEffect, useId, useState, type FormEvent} from 'react'

import {StaffApiError, useLogin} from '../api/staff-api'
import {useToast} from './toasts'

/** The locked state (spec §2): the password is checked by the server, which sets the session cookie. */
export function AdminLogin() {
  const login = useLogin()
  const toast = useToast()
  const inputId = useId()
  // Until the script runs, a native submit would put the password in the page URL; so the button waits.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])

  // Read from the form rather than from state: what was typed before the page hydrated is in the field, not in state.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const password = String(new FormData(form).get('password') ?? '')
    if (!password) return
    login.mutate(password, {
      onSuccess: () => toast({title: 'Success', description: 'Access granted', variant: 'default'}),
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            error instanceof StaffApiError && error.status === 429
              ? 'Too many attempts. Please wait and try again.'
              : 'Invalid password',
          variant: 'destructive',
        }),
      onSettled: () => form.reset(),
    })
  }

  return (
    <div className="admin-gate card">
      <h1>Admin Access Required</h1>
      <p className="muted">Enter the staff password to manage booking requests.</p>
      <form onSubmit={onSubmit} method="post" className="admin-gate__form">
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
        <button
          type="submit"
          className="button button--primary"
          disabled={!hydrated || login.isPending}
        >
          Access Dashboard
        </button>
      </form>
    </div>
  )
}
