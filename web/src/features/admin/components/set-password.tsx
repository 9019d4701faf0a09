import {useId, useState, type FormEvent} from 'react'

import {FormProblem, TextField} from '../../../components/ui/field'
import {useSetPassword} from '../api/password-links'
import {apiErrorMessage} from '../../../lib/api-client'

/** The link's kind and token, read from the address's fragment (`#invite=…`, `#reset=…`), which no server sees. */
export function passwordLinkFromHash(
  hash: string,
): {kind: 'invite' | 'reset'; token: string} | null {
  const match = /^#(invite|reset)=([\w-]{20,100})$/.exec(hash)
  return match ? {kind: match[1] as 'invite' | 'reset', token: match[2]!} : null
}

/** Choosing a password from an invitation or a reset mail; afterwards the person signs in as usual. */
export function SetPassword({
  link,
  onDone,
}: {
  link: {kind: 'invite' | 'reset'; token: string}
  onDone: (email: string | null, removedPasskeys: number) => void
}) {
  const setPassword = useSetPassword()
  const ids = {password: useId(), repeat: useId(), problem: useId(), hint: useId()}
  const [problem, setProblem] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const password = String(data.get('password') ?? '')
    if (password !== String(data.get('repeat') ?? '')) {
      setProblem('The two passwords are not the same.')
      return
    }
    setProblem(null)
    setPassword.mutate(
      {token: link.token, password},
      {
        onSuccess: ({email, removedPasskeys}) => onDone(email, removedPasskeys ?? 0),
        onError: (error) => setProblem(apiErrorMessage(error, 'The password could not be set.')),
      },
    )
  }

  return (
    <div className="admin-gate card">
      <h1>{link.kind === 'invite' ? 'Welcome to the team' : 'Set a new password'}</h1>
      <p className="muted" id={ids.hint}>
        Choose a password of at least 10 characters that nobody would guess: a few unrelated words
        work well.
      </p>
      <form onSubmit={onSubmit} method="post" className="admin-gate__form">
        <TextField
          id={ids.password}
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          required
          requiredMark={false}
          aria-describedby={problem ? `${ids.hint} ${ids.problem}` : ids.hint}
        />
        <TextField
          id={ids.repeat}
          label="New password again"
          type="password"
          name="repeat"
          autoComplete="new-password"
          required
          requiredMark={false}
        />
        <FormProblem id={ids.problem} problem={problem} />
        <button type="submit" className="button button--primary" disabled={setPassword.isPending}>
          Save password
        </button>
      </form>
    </div>
  )
}
