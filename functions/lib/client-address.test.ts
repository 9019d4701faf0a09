import {describe, expect, it} from 'vitest'

import {clientAddressFrom, trustedProxyHops} from './client-address.ts'

describe('client address', () => {
  it('is the socket address unless proxies are trusted, whatever the header says', () => {
    expect(clientAddressFrom('203.0.113.9', '198.51.100.1', 0)).toBe('203.0.113.9')
    expect(clientAddressFrom(undefined, undefined, 0)).toBe('unknown')
  })

  it('behind one proxy, is the address that proxy saw, not one the client wrote into the header', () => {
    // The proxy (10.0.0.2) appended the client it saw; the client had sent "1.2.3.4" itself.
    expect(clientAddressFrom('10.0.0.2', '198.51.100.7', 1)).toBe('198.51.100.7')
    expect(clientAddressFrom('10.0.0.2', '1.2.3.4, 198.51.100.7', 1)).toBe('198.51.100.7')
  })

  it('behind two proxies, counts two hops from the right', () => {
    expect(clientAddressFrom('10.0.0.3', '1.2.3.4, 198.51.100.7, 10.0.0.2', 2)).toBe('198.51.100.7')
    // A request that bypassed a proxy has a shorter chain: the leftmost entry is the best there is.
    expect(clientAddressFrom('10.0.0.3', undefined, 2)).toBe('10.0.0.3')
  })

  it('refuses a TRUST_PROXY_HOPS that is not a small whole number', () => {
    expect(trustedProxyHops(undefined)).toBe(0)
    expect(trustedProxyHops('2')).toBe(2)
    expect(() => trustedProxyHops('yes')).toThrow(/TRUST_PROXY_HOPS must be a whole number/)
    expect(() => trustedProxyHops('-1')).toThrow(/TRUST_PROXY_HOPS/)
  })
})
