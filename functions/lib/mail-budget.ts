import {createRateLimiter} from './rate-limit.ts'

/**
 * How many mails an address nobody has confirmed may be sent (the acknowledgement of a request, a new link to
 * it), per address and over all addresses, within an hour. Such mails quote nothing the sender typed (see
 * UNCONFIRMED_TRIP in schemas/src/mail-templates.ts); these limits bound how often a request form can be made to
 * mail someone who never asked (docs/decisions/045-mail-to-unconfirmed-addresses.md).
 *
 * Counted in this server's memory, like the request limits (lib/rate-limit.ts): behind several site servers each
 * counts its own, so the limits are per server.
 */
export const UNCONFIRMED_MAIL_LIMITS = {perRecipient: 3, overall: 120, windowMs: 3_600_000}

export const WITHHELD_FOR_RECIPIENT =
  'Not sent: this address was sent as many request mails as it may be in an hour. Send it again if the request is genuine.'
export const WITHHELD_OVERALL =
  'Not sent: the site sent as many request mails as it may in an hour. Send it again if the request is genuine.'

export type MailBudget = {
  /** Counts one mail to `address`; the reason it must not be sent, or null when it may. */
  take: (address: string) => string | null
}

/**
 * One mailbox, however it is written: case, surrounding spaces and a `+tag` in the local part (which most
 * providers deliver to the same mailbox) make no new recipient.
 */
export function mailboxKey(address: string): string {
  const normalised = address.trim().toLowerCase()
  const at = normalised.lastIndexOf('@')
  if (at < 0) return normalised
  return `${normalised.slice(0, at).replace(/\+.*$/, '')}${normalised.slice(at)}`
}

export function createMailBudget({
  perRecipient = UNCONFIRMED_MAIL_LIMITS.perRecipient,
  overall = UNCONFIRMED_MAIL_LIMITS.overall,
  windowMs = UNCONFIRMED_MAIL_LIMITS.windowMs,
  now = Date.now,
}: {perRecipient?: number; overall?: number; windowMs?: number; now?: () => number} = {}): MailBudget {
  const recipients = createRateLimiter({limit: perRecipient, windowMs, now})
  const all = createRateLimiter({limit: overall, windowMs, now})
  return {
    take(address) {
      if (!recipients.take(mailboxKey(address)).ok) return WITHHELD_FOR_RECIPIENT
      if (!all.take('*').ok) return WITHHELD_OVERALL
      return null
    },
  }
}
