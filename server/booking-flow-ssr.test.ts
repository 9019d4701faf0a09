// @vitest-environment node
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {sunsetCruiseContent} from '../functions/lib/testing/sunset-cruise.ts'
import {
  daysAhead,
  serverMarkup,
  SSR_SITE as SITE,
  startSsrStack,
  type SsrStack,
} from './testing/ssr-stack.ts'

/**
 * The booking page's two steps as the server sends them, for a reader without script: the group is a pair of real
 * number fields the choice form sends; step 2 shows the price a person and for the group, and a way back to the
 * choice with what was chosen.
 */
const DATE = daysAhead(21)

let stack: SsrStack

beforeAll(async () => {
  stack = await startSsrStack({
    content: sunsetCruiseContent().map((doc) =>
      doc._type === 'experience' ? {...doc, fromPrice: 950, category: 'scenic'} : doc,
    ),
  })
})
afterAll(async () => {
  await stack.stop()
})

/** What a reader without JavaScript sees of the page at `path`. */
async function page(path: string) {
  const response = await stack.app.request(`${SITE}${path}`)
  expect(response.status).toBe(200)
  return serverMarkup(response)
}

const choiceForm = (body: string) =>
  /<form class="trip-choice"[^>]*>[\s\S]*?<\/form>/.exec(body)?.[0] ?? ''

describe('the booking page without script', () => {
  it('asks for the group in number fields the form sends, not in buttons only script can press', async () => {
    const form = choiceForm(await page('/book/sunset-cruise?pax=2,1'))
    expect(form).toMatch(/<form class="trip-choice"[^>]*method="get"/)
    expect(form).toMatch(/<input[^>]*type="number"[^>]*name="adults"[^>]*value="2"/)
    expect(form).toMatch(/<input[^>]*type="number"[^>]*name="children"[^>]*value="1"/)
    // Nothing that would send the first group whatever the traveller typed, and no button that needs script.
    expect(form).not.toContain('name="pax"')
    expect(form).not.toContain('More adults')
  })

  it('takes the group as the form sent it, and shows the price a person and for the group, with a way back', async () => {
    const body = await page(`/book/sunset-cruise?date=${DATE}&adults=3&children=1`)
    expect(body).toContain('Send booking request')
    expect(body).toMatch(/<dt>Group<\/dt><dd>3 adults, 1 child<\/dd>/)
    expect(body).toMatch(/<dt>Per person<\/dt><dd>From ZAR 950<\/dd>/)
    expect(body).toMatch(/<dt>Total<\/dt><dd>From ZAR 3,800/)
    const back = /<a href="([^"]*)"[^>]*>Change the date or group<\/a>/.exec(body)?.[1]
    expect(back).toBe(`/book/sunset-cruise?date=${DATE}&amp;pax=3%2C1&amp;change=1`)
  })

  it('opens the choice again from step 2 with the date and group as chosen', async () => {
    const body = await page(`/book/sunset-cruise?date=${DATE}&pax=3%2C1&change=1`)
    expect(body).toContain('Change your date or group')
    const form = choiceForm(body)
    expect(form).toMatch(new RegExp(`<input[^>]*type="date"[^>]*value="${DATE}"`))
    expect(form).toMatch(/name="adults"[^>]*value="3"/)
    expect(body).not.toContain('Send booking request')
  })
})
