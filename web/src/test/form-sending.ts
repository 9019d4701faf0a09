import {cleanup} from '@testing-library/react'
import {afterEach, beforeEach, vi, type Mock} from 'vitest'

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

/** A `fetch` answer held until `reply` is called: what the form does meanwhile can be checked. */
export function heldAnswer() {
  let reply!: (response: Response) => void
  const answer = new Promise<Response>((resolve) => (reply = resolve))
  return {answer, reply}
}
