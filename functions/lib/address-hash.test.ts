import {describe, expect, it} from 'vitest'

import {addressHash, namesHashedAddress} from './address-hash.ts'

const SECRET = 'test-secret-for-address-hashes'
const hashes = new Set([addressHash(SECRET, 'Jane.Doe+trips@Example.org')])
const names = (text: string) => namesHashedAddress(text, hashes, SECRET)

describe('namesHashedAddress', () => {
  it('finds the address however the text holds it, in any case', () => {
    for (const text of [
      '{"email":"jane.doe+trips@example.org","name":"Jane"}',
      'To: "Jane Doe" <JANE.DOE+TRIPS@EXAMPLE.ORG>',
      'Write to mailto:jane.doe+trips@example.org.',
      '{"path":"/unsubscribe?email=jane.doe+trips@example.org&x=1"}',
      'Reply-To: jane.doe+trips@example.org\n',
    ])
      expect(names(text), text).toBe(true)
  })

  it('does not take a longer or different address for it', () => {
    for (const text of [
      'xjane.doe+trips@example.org',
      'jane.doe+trips@example.org.za',
      'jane.doe@example.org',
      'jane.doe+trips@ example.org',
      'no address at all',
      '@@@',
    ])
      expect(names(text), text).toBe(false)
  })

  it('is keyed: the same address under another secret is not found', () => {
    expect(
      namesHashedAddress('jane.doe+trips@example.org', hashes, 'another-secret-entirely'),
    ).toBe(false)
  })
})
