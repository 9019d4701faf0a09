import type {FunctionsEnv} from './lib/env.ts'
import {createOutbox, mailTransport, NOTHING_TO_COMPOSE_ERROR, type Outbox} from './lib/mailer.ts'
import {openSealedLink} from './lib/sealed-link.ts'
import {decisionMailComposer, type DecisionMailComposerDeps} from './staff/compose-decision-mail.ts'

/**
 * A mail whose booking (or the decision it was to tell of) was deleted before it was written is an expected
 * state, recorded on the mail as failed: one line says so. Anything else is a fault, logged with its stack.
 */
export function logOutboxError(error: unknown): void {
  if (error instanceof Error && error.message.endsWith(NOTHING_TO_COMPOSE_ERROR))
    console.warn(`[outbox] ${error.message}`)
  else console.error('[outbox]', error)
}

/**
 * The outbox as a site server (runtime.ts) and a run of the jobs by hand (run-jobs.ts) both build it, so the two
 * send and compose the same way. Its state is in the lake, shared by every site server
 * (docs/decisions/010-the-mail-outbox-in-the-lake.md); only the local `.eml` transport (no SMTP_URL) writes to this
 * server's DATA_DIR. It also writes the mails of decisions taken in the studio, whose signed request links only a
 * server holds the key to, and opens the sealed links of staff invitations and resets with that same key.
 */
export function siteOutbox(env: FunctionsEnv, deps: DecisionMailComposerDeps): Outbox {
  return createOutbox({
    bookings: deps.bookings,
    transport: mailTransport(env.smtpUrl, env.dataDir),
    from: env.mailFrom,
    claimTimeoutMs: env.outboxClaimTimeoutMs,
    compose: decisionMailComposer(deps),
    openLink: (sealed) => openSealedLink(sealed, env.requestLinkSecret),
    onError: logOutboxError,
  })
}
