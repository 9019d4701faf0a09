import {describe, expect, it} from 'vitest'

import {isOwnOrigin, ownOrigins} from './own-origins.ts'

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
