import {defineQuery} from 'groq'

/** At most this many messages are taken in one pass; the next pass (at once when this one was full) takes more. */
export const PASS_SIZE = 100

/**
 * The outbox's mails (`outboxMail`) due now, oldest due first. `$about`: one document's mails (the function's pass),
 * or null for every mail (a server's pass). `$opensLinks`: whether this outbox can open sealed links; one that
 * cannot leaves those mails to a server that can.
 */
export const dueMailsQuery =
  defineQuery(`*[_type == "outboxMail" && ($about == null || about == $about) && ($opensLinks || !defined(sealed_link)) && (
  (status == "pending" && next_attempt_at <= $now) || (status == "sending" && claimed_until < $now)
)] | order(next_attempt_at asc)[0...${PASS_SIZE}]`)
