import type {UseFormRegisterReturn} from 'react-hook-form'

import {TextField} from '../../components/ui/field'

import type {SecurityQuestion} from './use-security-question'

/** The security question's field, as every traveller form shows it: the question is the label. */
export function SecurityQuestionField({
  question,
  ...field
}: {
  question: SecurityQuestion
  /** The form hook's `field('securityAnswer')`: id, error and registration. */
} & {id: string; error?: string | undefined} & UseFormRegisterReturn) {
  const label = question.text
    ? `Security question: ${question.text}`
    : question.failed
      ? 'Security question (could not load: reload the page)'
      : 'Security question (loading…)'
  return <TextField label={label} required inputMode="numeric" autoComplete="off" {...field} />
}
