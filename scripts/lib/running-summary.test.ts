import {describe, expect, it} from 'vitest'

import {runningSummary} from './running-summary.ts'

describe("npm start's summary", () => {
  it('gives staff the dashboard address beside the site', () => {
    const text = runningSummary(
      {
        site: 'http://localhost:3000',
        studio: 'https://localhost:3334/studio/',
        studioSignIn: 'https://localhost:3334/v1/auth/login/lake?key=k',
        lake: 'http://127.0.0.1:3333',
        lakeTls: 'https://localhost:3334',
      },
      '/srv/data',
    )
    expect(text).toMatch(/^ {2}Dashboard +http:\/\/localhost:3000\/admin\/bookings\b/m)
    expect(text).toMatch(/^ {2}Site +http:\/\/localhost:3000$/m)
    expect(text).toContain('https://localhost:3334/v1/auth/login/lake?key=k')
  })
})
