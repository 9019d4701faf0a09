import {act, cleanup, fireEvent, waitFor} from '@testing-library/react'
import {afterEach, beforeEach, expect, vi, type Mock} from 'vitest'

/** A function's JSON answer, as `fetch` resolves it. */
export const jsonAnswer = (body: unknown, status: number) =>
  new Response(JSON.stringify(body), {status, headers: {'content-type': 'application/json'}})

/** What a message says, as a screen reader reads it. */
export const said = (element: HTMLElement) => element.textContent?.trim()

/** A fresh `fetch` mock for each test of the describe block it is called in; the page is cleaned up after each. */
export function stubFetch(): {readonly mock: Mock} {
  const stub = {mock: vi.fn()}
  beforeEach(() => {
    stub.mock = vi.fn()
    vi.stubGlobal('fetch', stub.mock)
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })
  return stub
}

/**
 * Sends `form` twice at once, as an impatient double press, with the server's answer held: returns once one request
 * has gone, with its address and body, and `answer` to let the server's answer arrive.
 */
export async function sendTwiceAtOnce(form: HTMLElement, fetchMock: Mock) {
  let reply!: (response: Response) => void
  fetchMock.mockReturnValue(new Promise<Response>((resolve) => (reply = resolve)))
  fireEvent.submit(form)
  fireEvent.submit(form)
  await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit]
  return {
    url,
    body: JSON.parse(init.body as string) as unknown,
    answer: (body: unknown, status: number) => act(async () => reply(jsonAnswer(body, status))),
  }
}
