import {useId, useState, type FormEvent} from 'react'

import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'
import {REQUEST_FORMS} from '../api/request-forms'
import {optionInWords} from './request-timeline'

type Proposal = NonNullable<TravellerRequestView['proposal']>

/** The dates the team proposed, one to choose, and the button that accepts it. */
export function ProposalChoice({
  proposal,
  pending,
  onAccept,
}: {
  proposal: Proposal
  pending: boolean
  onAccept: (option: string) => void
}) {
  const id = useId()
  const [chosen, setChosen] = useState('')
  const [error, setError] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!chosen) {
      setError('Choose one of the dates first.')
      return
    }
    setError('')
    onAccept(chosen)
  }
  return (
    <form method="post" noValidate onSubmit={submit} aria-labelledby={`${id}-heading`}>
      <input type="hidden" name="form" value={REQUEST_FORMS.accept} />
      <h2 id={`${id}-heading`}>Other dates we can offer</h2>
      {proposal.message ? <p>{proposal.message}</p> : null}
      <fieldset
        className="field"
        aria-describedby={error ? `${id}-error` : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend>Choose a date</legend>
        <div className="proposal-options">
          {proposal.options.map((option) => (
            <p className="checkbox" key={option.key}>
              <input
                id={`${id}-${option.key}`}
                type="radio"
                name="option"
                value={option.key}
                checked={chosen === option.key}
                onChange={() => setChosen(option.key)}
              />
              <label htmlFor={`${id}-${option.key}`}>{optionInWords(option)}</label>
            </p>
          ))}
        </div>
        {error ? (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </fieldset>
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Accepting…' : 'Accept this date'}
      </button>
    </form>
  )
}
