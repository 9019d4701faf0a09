import {data} from 'react-router-dom'

import {actOnServer, type LinkActionResult} from '../../../lib/private-link-query'
import {reviewApiPath} from './get-review-invitation'
import {SUBMIT_REVIEW_FAILED} from './submit-review'

/** What the review form's post came to, and what was typed, so a refused form comes back as it was sent. */
export type ReviewFormOutcome = LinkActionResult<{message: string}> & {
  typed: {rating: string; text: string; displayName: string; consent: boolean}
}

/**
 * The review page's route action: the form posted without script (or before the page's scripts ran). The server
 * hands its fields, as the page's script sends them, to `POST /api/reviews/<token>` in-process (with the visitor's
 * Origin and address: the same origin check, rate limit and shared schema) and renders the page with the answer
 * and its status. A refused review (too many posts, a field to correct) stores nothing.
 */
export async function submitReviewOnServer(
  serverAct: ((path: string, body?: unknown) => Promise<Response>) | undefined,
  token: string,
  request: Request,
) {
  const sent = await request.formData().catch(() => null)
  const field = (name: string) => {
    const value = sent?.get(name)
    return typeof value === 'string' ? value : ''
  }
  const typed = {
    rating: field('rating'),
    text: field('text'),
    displayName: field('displayName'),
    consent: sent?.has('consent') ?? false,
  }
  const answer = await actOnServer<{message: string}>(
    serverAct,
    reviewApiPath(token),
    SUBMIT_REVIEW_FAILED,
    {
      // A radio's value is text; the schema takes the number, as from the page's script.
      ...(typed.rating ? {rating: Number(typed.rating)} : {}),
      text: typed.text,
      displayName: typed.displayName,
      consent: typed.consent,
    },
  )
  if (answer instanceof Response) return answer
  return data<ReviewFormOutcome>({...answer.data, typed}, answer.init ?? undefined)
}
