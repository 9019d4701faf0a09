import {createCipheriv, createDecipheriv, hkdfSync, randomBytes} from 'node:crypto'

import {escapeHtml} from '@repo/schemas/mail-templates.ts'

/**
 * A link sealed for the outbox: AES-256-GCM under a key derived from the request links' secret, which every site
 * server holds and the lake never does. A mail whose link must not be readable in the lake (a staff invitation or
 * password reset) is queued with the link sealed and a slot in its text; the outbox opens it in memory as it sends,
 * so neither the outbox document nor any earlier revision in the lake's history holds a usable link.
 */
export const SEALED_LINK_SLOT = '{{sealed-link}}'

/** Stands for the link in the body the mail log keeps (staff invitations, privacy requests' confirmation mails). */
export const REDACTED_LINK = '[The link was here; it is not kept once the mail has gone.]'

const IV_BYTES = 12
const TAG_BYTES = 16

const sealingKey = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'outbox', 'sealed-link/v1', 32))

export function sealLink(link: string, secret: string): string {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret), iv)
  const sealed = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()])
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url')
}

/** The link, or an error when it was sealed under another secret or changed since. */
export function openSealedLink(sealed: string, secret: string): string {
  const bytes = Buffer.from(sealed, 'base64url')
  if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error('Sealed link is too short.')
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(secret), bytes.subarray(0, IV_BYTES))
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES))
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8')
}

/**
 * A composed mail with `link` taken out of its text and HTML and the slot in its place, for queueing beside
 * sealLink(link): the editors' template decides where the link stands, and the lake still never holds it. The
 * outbox writes the link back, escaped, into the HTML (mailer.ts), so the escaped form is what is taken out there.
 * A link left anywhere else (the subject) is refused rather than stored.
 */
export function withSealedLinkSlot<M extends {subject: string; text: string; html: string}>(
  message: M,
  link: string,
): M {
  const sealed = {
    ...message,
    text: message.text.replaceAll(link, SEALED_LINK_SLOT),
    html: message.html.replaceAll(escapeHtml(link), SEALED_LINK_SLOT),
  }
  if ([sealed.subject, sealed.text, sealed.html].some((part) => part.includes(link)))
    throw new Error('The mail holds its sealed link outside the slot.')
  return sealed
}
