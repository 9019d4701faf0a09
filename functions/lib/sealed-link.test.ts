import {describe, expect, it} from 'vitest'
import {openSealedLink, SEALED_LINK_SLOT, sealLink, withSealedLinkSlot} from './sealed-link.ts'

const SECRET = 'a-request-link-secret-of-32-chars!!'
const LINK = 'https://capecurated.example/admin/bookings#invite=abc123'

describe('sealed links', () => {
  it('opens what it sealed, and the sealed form does not hold the link', () => {
    const sealed = sealLink(LINK, SECRET)
    expect(sealed).not.toContain('abc123')
    expect(openSealedLink(sealed, SECRET)).toBe(LINK)
  })

  it('seals the same link differently each time', () => {
    expect(sealLink(LINK, SECRET)).not.toBe(sealLink(LINK, SECRET))
  })

  it('refuses another secret and a changed seal', () => {
    const sealed = sealLink(LINK, SECRET)
    expect(() => openSealedLink(sealed, `${SECRET}-other`)).toThrow()
    const bytes = Buffer.from(sealed, 'base64url')
    bytes[14] = bytes[14]! ^ 1
    expect(() => openSealedLink(bytes.toString('base64url'), SECRET)).toThrow()
    expect(() => openSealedLink('short', SECRET)).toThrow()
  })

  it('takes the link out of a composed mail’s text and HTML, and refuses one left in the subject', () => {
    const link = 'https://site.example/privacy/requests/confirm/a&b'
    const mail = {
      subject: 'Confirm',
      text: `Here:\n\n${link}\n`,
      html: `<p><a href="https://site.example/privacy/requests/confirm/a&amp;b">https://site.example/privacy/requests/confirm/a&amp;b</a></p>`,
    }
    const sealed = withSealedLinkSlot(mail, link)
    expect(sealed.text).toBe(`Here:\n\n${SEALED_LINK_SLOT}\n`)
    expect(sealed.html).toBe(`<p><a href="${SEALED_LINK_SLOT}">${SEALED_LINK_SLOT}</a></p>`)
    expect(() => withSealedLinkSlot({...mail, subject: `Confirm ${link}`}, link)).toThrow(
      /outside the slot/,
    )
  })
})
