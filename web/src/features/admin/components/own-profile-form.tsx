import {useId, useState, type FormEvent} from 'react'

import {FormProblem, TextField} from '../../../components/ui/field'
import {useSaveOwnProfile} from '../api/own-profile'
import {apiErrorMessage} from '../../../lib/api-client'

/**
 * Asked before anything else of someone signed in without a name or address (the first owner): the address lets
 * "Forgot your password?" reach them, and the name is how the history and the team's mails name them.
 */
export function OwnProfileForm() {
  const save = useSaveOwnProfile()
  const ids = {name: useId(), email: useId(), problem: useId(), hint: useId(), heading: useId()}
  const [problem, setProblem] = useState<string | null>(null)

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setProblem(null)
    save.mutate(
      {name: String(data.get('name') ?? ''), email: String(data.get('email') ?? '')},
      {
        onError: (error) => setProblem(apiErrorMessage(error, 'Your details could not be saved.')),
      },
    )
  }

  return (
    <section className="card admin-profile" aria-labelledby={ids.heading}>
      <h2 id={ids.heading}>Your name and email address</h2>
      <p className="muted" id={ids.hint}>
        Before anything else: your name is how the booking history and the team’s mails name you,
        and your address is where “Forgot your password?” sends a new link. Afterwards you sign in
        with this address.
      </p>
      <form
        onSubmit={onSubmit}
        method="post"
        className="admin-gate__form"
        aria-describedby={ids.hint}
      >
        <TextField
          id={ids.name}
          label="Your name"
          name="name"
          autoComplete="name"
          required
          requiredMark={false}
          maxLength={100}
        />
        <TextField
          id={ids.email}
          label="Your email address"
          name="email"
          type="email"
          autoComplete="email"
          required
          requiredMark={false}
          maxLength={254}
          aria-describedby={problem ? ids.problem : undefined}
        />
        <FormProblem id={ids.problem} problem={problem} />
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          Save and continue
        </button>
      </form>
    </section>
  )
}
