import type {UseFormRegisterReturn} from 'react-hook-form'

import {TextField} from '../../components/ui/field'

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
    <TextField
      id={id}
      label={label}
      error={error}
      required
      inputMode="numeric"
      autoComplete="off"
      {...registration}
    />
  )
}
