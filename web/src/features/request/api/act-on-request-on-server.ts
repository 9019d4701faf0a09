import {data, redirect} from 'react-router-dom'

import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'

import {actOnServer, type LinkActionResult} from '../../../lib/private-link-query'
import {ACCEPT_FAILED} from './accept-proposal'
import {requestApiPath} from './get-request'
import {REQUEST_FORMS, type WithdrawConfirmStep} from './request-forms'
import {WITHDRAW_FAILED} from './withdraw-request'
import {NEW_LINK_FAILED} from './request-new-link'

const DEPARTURE_FAILED = 'We could not save your choice just now. Please try again.'

/** What the request page's form post came to: the request as it now stands (a date accepted), or the API's words. */
export type RequestFormOutcome = LinkActionResult<
  TravellerRequestView | {message: string} | WithdrawConfirmStep
>

/**
 * The request page's route action: one of its forms posted without script (or before the page's scripts ran). The
 * server hands it in-process to the API route the page's script would call (with the visitor's Origin and address,
 * so the same origin check, rate limit and schema apply) and renders the page with the answer and its status; a
 * refused post (too many, the date gone) changes nothing. The departure choice goes on as the form it is, and the
 * API answers it with the page's address and what happened (`?answer=`), as it always has.
 */
export async function actOnRequestOnServer(
  serverAct: ((path: string, body?: unknown) => Promise<Response>) | undefined,
  token: string,
  request: Request,
) {
  const url = new URL(request.url)
  const sent = await request.formData().catch(() => null)
  const field = (name: string) => {
    const value = sent?.get(name)
    return typeof value === 'string' ? value : undefined
  }
  switch (field('form')) {
    case REQUEST_FORMS.departure: {
      const choice = new URLSearchParams()
      for (const name of ['choice', 'date']) {
        const value = field(name)
        if (value !== undefined) choice.set(name, value)
      }
      return actOnServer(serverAct, `${requestApiPath(token)}/departure`, DEPARTURE_FAILED, choice)
    }
    case REQUEST_FORMS.accept: {
      const option = field('option')
      return actOnServer<TravellerRequestView>(
        serverAct,
        `${requestApiPath(token)}/accept`,
        ACCEPT_FAILED,
        option === undefined ? {} : {option},
      )
    }
    case REQUEST_FORMS.newLink: {
      return actOnServer<{message: string}>(serverAct, '/api/requests/link', NEW_LINK_FAILED, {
        reference: field('reference') ?? '',
        email: field('email') ?? '',
      })
    }
    case REQUEST_FORMS.withdrawAsk:
      // Nothing changes yet: the page asks to confirm, as its dialog does with script.
      return data<RequestFormOutcome>({
        ok: true,
        status: 200,
        value: {step: 'confirm-withdraw'},
      })
    case REQUEST_FORMS.withdraw:
      return actOnServer<TravellerRequestView>(
        serverAct,
        `${requestApiPath(token)}/withdraw`,
        WITHDRAW_FAILED,
        {},
      )
    default:
      return redirect(url.pathname + url.search, 303)
  }
}
