/**
 * How the studio queues a decision's mail to the traveller. The mail carries a link signed with a
 * server secret that a browser must never hold, so the studio does not write it: the decision's transaction
 * creates an outbox document waiting to be composed, and a site server's outbox writes the mail from the
 * decision's history entry and sends it, once (functions/staff/compose-decision-mail.ts).
 */
/**
 * The outbox document of a decision's mail, to be written by a server (`status: 'compose'`): no recipient or
 * text yet. Created only if new, as every outbox document (functions/lib/mailer.ts).
 */
export function composeMailDocument(mailId: string, bookingId: string, at: string) {
  return {
    _id: `mail-${mailId}`,
    _type: 'outboxMail',
    mail_id: mailId,
    about: bookingId,
    status: 'compose',
    attempts: 0,
    queued_at: at,
    next_attempt_at: at,
  }
}
