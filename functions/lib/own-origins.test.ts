import {describe, expect, it} from 'vitest'

import {isFromOwnSite, ownOrigins, type OwnOrigins} from './own-origins.ts'

/** A request that names its origin and nothing else, held to the strictest check. */
const isOwnOrigin = (origin: string | undefined, own: OwnOrigins) =>
  isFromOwnSite({origin, fetchSite: undefined}, own, {requireOrigin: true})

describe('the site’s own origins', () => {
  it('are the configured address, never a name a request brings', () => {
    const own = ownOrigins('https://capecurated.example/')
    expect([...own]).toEqual(['https://capecurated.example'])
    expect(isOwnOrigin('https://capecurated.example', own)).toBe(true)
    for (const origin of [
      'http://capecurated.example',
      'https://capecurated.example:8443',
      'https://evil.example',
      'https://capecurated.example.evil.example',
      'http://localhost',
      'http://127.0.0.1:3000',
      'null',
      '',
      undefined,
    ])
      expect(isOwnOrigin(origin, own), String(origin)).toBe(false)
  })

  it('add the other loopback names on the same port while the site runs on one', () => {
    const own = ownOrigins(['http://localhost:3020'])
    expect([...own].sort()).toEqual([
      'http://127.0.0.1:3020',
      'http://[::1]:3020',
      'http://localhost:3020',
    ])
    expect(isOwnOrigin('http://localhost:3021', own)).toBe(false)
    expect(isOwnOrigin('https://localhost:3020', own)).toBe(false)
  })
})

describe('isFromOwnSite', () => {
  const own = ownOrigins('https://capecurated.example')
  const site = 'https://capecurated.example'

  it('takes the site’s own pages and refuses another site by either header', () => {
    expect(isFromOwnSite({origin: site, fetchSite: 'same-origin'}, own)).toBe(true)
    for (const headers of [
      {origin: 'https://evil.example', fetchSite: 'cross-site'},
      {origin: 'https://evil.example', fetchSite: undefined},
      {origin: site, fetchSite: 'cross-site'},
      {origin: site, fetchSite: 'same-site'},
      {origin: 'null', fetchSite: undefined},
      {origin: 'null', fetchSite: 'cross-site'},
      {origin: 'null', fetchSite: 'same-site'},
      {origin: 'null', fetchSite: 'none'},
      {origin: undefined, fetchSite: 'cross-site'},
    ])
      expect(isFromOwnSite(headers, own), JSON.stringify(headers)).toBe(false)
  })

  it('takes a form post from its own page that sends no Referer (Origin: null, Sec-Fetch-Site: same-origin)', () => {
    const headers = {origin: 'null', fetchSite: 'same-origin'}
    expect(isFromOwnSite(headers, own)).toBe(true)
    expect(isFromOwnSite(headers, own, {requireOrigin: true})).toBe(true)
  })

  it('takes a request with neither header (not a browser) unless an origin is required', () => {
    expect(isFromOwnSite({origin: undefined, fetchSite: undefined}, own)).toBe(true)
    expect(isFromOwnSite({origin: undefined, fetchSite: 'same-origin'}, own)).toBe(true)
    for (const headers of [
      {origin: undefined, fetchSite: undefined},
      {origin: undefined, fetchSite: 'same-origin'},
    ])
      expect(isFromOwnSite(headers, own, {requireOrigin: true})).toBe(false)
    expect(isFromOwnSite({origin: site, fetchSite: undefined}, own, {requireOrigin: true})).toBe(
      true,
    )
  })
})
