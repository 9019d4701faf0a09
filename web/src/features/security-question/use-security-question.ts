import {useQuery} from '@tanstack/react-query'
import {useEffect} from 'react'

type Challenge = {question: string; token: string; expiresAt: string}

async function fetchChallenge(signal: AbortSignal): Promise<Challenge> {
  const response = await fetch('/api/challenge', {cache: 'no-store', signal})
  if (!response.ok) throw new Error('Could not load the security question.')
  return (await response.json()) as Challenge
}

export type SecurityQuestion = {
  /** "What is 3 + 4?", once loaded. */
  text: string | undefined
  /** The token sent back with the answer (the server keeps no state per question). */
  token: string | undefined
  failed: boolean
  /** Asks a fresh question: after a request used this one, or the server refused the answer. */
  renew: () => void
}

/** The two fields of the shared schema (schemas/src/security-question.ts), as the form's `setValue` sets them. */
type SetQuestionFields = (name: 'challengeToken' | 'securityAnswer', value: string) => void

/**
 * The security question of a traveller form (booking, questionnaire, wizard), issued by `GET /api/challenge`.
 * Each new question's token goes into the form (`setValue`, react-hook-form's, stable), and the answer to the
 * old one is cleared. `form` keeps two forms' questions apart: each request uses its own question once.
 */
export function useSecurityQuestion(form: string, setValue: SetQuestionFields): SecurityQuestion {
  const query = useQuery({
    queryKey: ['security-question', form],
    queryFn: ({signal}) => fetchChallenge(signal),
    // A question lives 30 minutes on the server; a form left open longer gets a fresh one before it expires.
    staleTime: 10 * 60_000,
    refetchInterval: 20 * 60_000,
    gcTime: 0,
  })
  const token = query.data?.token
  useEffect(() => {
    if (!token) return
    setValue('challengeToken', token)
    setValue('securityAnswer', '')
  }, [token, setValue])
  return {
    text: query.data?.question,
    token,
    failed: query.isError,
    renew: () => void query.refetch(),
  }
}
