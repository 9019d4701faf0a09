import type {SanityClient} from '@sanity/client'

import type {FunctionsEnv} from './lib/env.ts'
import {createOutbox, mailTransport, type Outbox} from './lib/mailer.ts'
import {openSealedLink} from './lib/sealed-link.ts'

/**
 * The outbox as a site server (runtime.ts) and a run of the jobs by hand (run-jobs.ts) both build it, so the two
 * send the same way. Its state is in the lake, shared by every site server
 * (docs/decisions/010-the-mail-outbox-in-the-lake.md); only the local `.eml` transport (no SMTP_URL) writes to this
 * server's DATA_DIR. It opens the mails' sealed links (lib/sealed-link.ts) with the request links' secret, which
 * only a server holds; its failures are logged by the outbox's default, with their stacks.
 */
export function siteOutbox(env: FunctionsEnv, bookings: SanityClient): Outbox {
  return createOutbox({
    bookings,
    transport: mailTransport(env.smtpUrl, env.dataDir),
    from: env.mailFrom,
    claimTimeoutMs: env.outboxClaimTimeoutMs,
    openLink: (sealed) => openSealedLink(sealed, env.requestLinkSecret),
  })
}
