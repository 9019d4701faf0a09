import type {UseFormRegisterReturn} from 'react-hook-form'

import {Field} from '../../components/ui/field'

import type {SecurityQuestion} from './use-security-question'

/** The security question's field, as every traveller form shows it: the question is the label. */
export function SecurityQuestionField({
  id,
  question,
  error,
  registration,
}: {
  id: string
  question: SecurityQuestion
  error?: string | undefined
  registration: UseFormRegisterReturn
}) {
  const label = question.text
    ? `Security question: ${question.text}`
    : question.failed
      ? 'Security question (could not load: reload the page)'
      : 'Security question (loading…)'
  return (
    <Field id={id} label={label} error={error} required>
      <input
        id={id}
        inputMode="numeric"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...registration}
      />
    </Field>
  )
}
