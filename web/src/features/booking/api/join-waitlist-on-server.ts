import {data, redirect} from 'react-router-dom'

import {WAITLIST_FAILED_MESSAGE} from '@repo/schemas/waitlist-messages.ts'

import {actOnServer} from '../../../lib/private-link-query'
import {WAITLIST_FORM_NAME, waitlistJoinFields, type WaitlistJoinOutcome} from '../waitlist-fields'

export const JOIN_WAITLIST_API_PATH = '/api/waitlist'

/**
 * The booking page's route action: a full date's waitlist form posted without script (or before the page's scripts
 * ran). The server hands the fields, read as the browser's script reads them, to `POST /api/waitlist` in-process
 * (`serverAct`, with the visitor's Origin and address), which checks them with the shared schema and stores the
 * entry, and renders the page with its answer and status. Any other form posted to the page (the booking form
 * before hydration) goes back to the page, as every page's early post does (server/create-site-app.ts).
 */
export async function joinWaitlistOnServer(
  serverAct: ((path: string, body?: unknown) => Promise<Response>) | undefined,
  request: Request,
) {
  const url = new URL(request.url)
  const sent = await request.formData().catch(() => null)
  if (!sent || sent.get('form') !== WAITLIST_FORM_NAME)
    return redirect(url.pathname + url.search, 303)
  const fields = waitlistJoinFields(sent)
  const answer = await actOnServer<{email: string}>(
    serverAct,
    JOIN_WAITLIST_API_PATH,
    WAITLIST_FAILED_MESSAGE,
    fields,
  )
  if (answer instanceof Response) return answer
  const result = answer.data
  return data<WaitlistJoinOutcome>(
    result.ok
      ? {form: WAITLIST_FORM_NAME, ok: true, email: result.value.email}
      : {
          form: WAITLIST_FORM_NAME,
          ok: false,
          message: result.message,
          fieldErrors: result.fieldErrors ?? {},
          name: fields.name,
          email: fields.email,
        },
    answer.init ?? undefined,
  )
}
