import {createHmac} from 'node:crypto'

/**
 * A keyed hash of an address: what a record keeps instead of the address (a privacy request carried out, a report of
 * what was erased), and how a site server recognises the address in its own files without anyone writing the
 * address down again (apply-retention/disk-catch-up.ts). Keyed with the request links' secret, which every site
 * server holds and the lake never does, so the lake's copy of a hash cannot be tried against a list of addresses.
 */
export const addressHash = (secret: string, email: string) =>
  createHmac('sha256', `privacy-address:${secret}`).update(email.trim().toLowerCase()).digest('hex')

/** The longest local part RFC 5321 allows: how far back from an `@` an address can start. */
const MAX_LOCAL_PART = 64
const LOCAL_CHAR = /[\w.!#$%&'*+/=?^`{|}~-]/
/** Allowed in a local part, but in text far more often what comes before an address (`email=`, `?to=`, `/`). */
const LEADING_SEPARATOR = /[=?&/']/
const DOMAIN_AFTER_AT = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?/i

/**
 * Whether `text` names an address whose hash is in `hashes`: for each `@`, the address that ends the run of
 * characters an address may hold (`jane@example.org` in `<jane@example.org>` or `mailto:jane@example.org`), and the
 * shorter ones after a separator in that run (`jane@example.org` in `email=jane@example.org`), never a part of a
 * longer address (`xjane@example.org` does not name `jane@example.org`).
 */
export function namesHashedAddress(
  text: string,
  hashes: ReadonlySet<string>,
  secret: string,
): boolean {
  if (hashes.size === 0) return false
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    const domain = DOMAIN_AFTER_AT.exec(text.slice(at + 1, at + 256))?.[0]
    if (!domain) continue
    const named = (start: number) =>
      start < at && hashes.has(addressHash(secret, `${text.slice(start, at)}@${domain}`))
    let start = at
    while (start > 0 && at - start < MAX_LOCAL_PART && LOCAL_CHAR.test(text[start - 1] ?? '')) {
      start -= 1
      if (LEADING_SEPARATOR.test(text[start] ?? '') && named(start + 1)) return true
    }
    if (named(start)) return true
  }
  return false
}
