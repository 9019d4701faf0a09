import {describe, expect, it} from 'vitest'

import {
  checkRequestLink,
  requestLinkExpiry,
  requestLinkToken,
  requestLinkUrl,
} from './request-link.ts'

const secret = 'a-secret-of-the-server'
const now = new Date('2026-11-23T10:00:00Z')

describe('request links', () => {
  it('opens the booking it was made for until it expires', () => {
    const expiresAt = requestLinkExpiry('2026-12-16', now)
    expect(expiresAt.toISOString()).toBe('2027-02-14T23:59:59.000Z')
    const token = requestLinkToken(secret, 'booking-5f0c', expiresAt)
    expect(checkRequestLink(secret, token, now)).toEqual({
      ok: true,
      bookingId: 'booking-5f0c',
      expiresAt,
    })
    expect(checkRequestLink(secret, token, new Date('2027-02-15T00:00:00Z'))).toEqual({
      ok: false,
      reason: 'expired',
    })
    expect(requestLinkUrl('https://site.example/', token)).toBe(
      `https://site.example/requests/${token}`,
    )
  })

  it('counts from today for a trip in the past', () => {
    expect(requestLinkExpiry('2020-01-01', now).toISOString()).toBe('2027-01-22T23:59:59.000Z')
  })

  it('refuses another secret, another booking, another expiry and any changed character', () => {
    const token = requestLinkToken(secret, 'booking-5f0c', requestLinkExpiry('2026-12-16', now))
    expect(checkRequestLink('another secret', token, now)).toEqual({ok: false, reason: 'invalid'})
    const [id, expiry, signature] = token.split('.')
    const otherId = Buffer.from('booking-5f0d').toString('base64url')
    expect(checkRequestLink(secret, `${otherId}.${expiry}.${signature}`, now).ok).toBe(false)
    const later = (parseInt(expiry!, 36) + 86_400).toString(36)
    // A longer life is no more valid than another booking: "invalid", not "expired" or open.
    expect(checkRequestLink(secret, `${id}.${later}.${signature}`, now)).toEqual({
      ok: false,
      reason: 'invalid',
    })
    for (let index = 0; index < token.length; index++) {
      const changed =
        token.slice(0, index) + (token[index] === 'A' ? 'B' : 'A') + token.slice(index + 1)
      expect(checkRequestLink(secret, changed, now).ok, changed).toBe(false)
    }
  })
})
