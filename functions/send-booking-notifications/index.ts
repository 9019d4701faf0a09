import path from 'node:path'

import {createClient, type Mutation, type SanityClient} from '@sanity/client'
import {documentEventHandler} from '@sanity/functions'
import {z} from 'zod'

import {itineraryTeamNotification} from '../create-itinerary-request/handler.ts'
import {newsletterTeamNotification} from '../create-newsletter-signup/handler.ts'
import {contentLakeOf, mailEnvSchema, mailLinks, TEAM_FROM_SITE_SETTINGS} from '../lib/env.ts'
import {createMailBudget, type MailBudget} from '../lib/mail-budget.ts'
import {mailContentLoader, type MailContent} from '../lib/mail-content.ts'
import {createOutbox, mailTransport, type Outbox} from '../lib/mailer.ts'
import {bookingNotifier, type BookingMailDeps, type StoredBooking} from './handler.ts'

/**
 * The Sanity Function (declared in `sanity.blueprint.ts`; docs/decisions/011-mail-as-a-sanity-function.md): on the
 * creation of a booking, a trip request or a newsletter sign-up in the `bookings` dataset, queue its mails in the
 * outbox and send them. Hosted Sanity runs it in production; the local lake delivers the same event to this same
 * handler (`lake/src/functions/`).
 *
 * Delivery is at least once, so the handler may run twice, or beside a site server's pass: the mails' ids derive
 * from the document (`createIfNotExists`), and each is claimed with a revision check before it is sent, so each
 * goes once. A mail that cannot be sent yet makes the handler fail, and the event is delivered again later.
 */
type CreatedDocument = {_id: string; _type: string} & Record<string, unknown>

const API_VERSION = '2025-02-19'

/** The outbox mutations of a created document's mails: none for a type that sends none. */
export async function notificationMails(
  doc: CreatedDocument,
  deps: BookingMailDeps & {unconfirmedMail?: MailBudget},
): Promise<Mutation[]> {
  const {outbox, teamEmail} = deps
  switch (doc._type) {
    case 'booking':
      return bookingNotifier(deps).mails(doc as unknown as StoredBooking)
    case 'itineraryRequest': {
      const mail = itineraryTeamNotification(
        doc as unknown as Parameters<typeof itineraryTeamNotification>[0],
        teamEmail,
        await deps.mailContent(),
      )
      return [outbox.queueMutation(mail.id, mail.message, doc._id)]
    }
    case 'newsletterSignup': {
      const mail = newsletterTeamNotification(
        doc as unknown as Parameters<typeof newsletterTeamNotification>[0],
        teamEmail,
        await deps.mailContent(),
      )
      return [outbox.queueMutation(mail.id, mail.message, doc._id)]
    }
    default:
      return []
  }
}

/**
 * One outbox per warm instance and dataset: invocations in a burst share the pooled SMTP connections, and a mail
 * sent while the lake could not record it is recorded by the next invocation rather than sent again.
 */
type FunctionClients = {
  outbox: Outbox
  bookings: SanityClient
  mailContent: () => Promise<MailContent>
  /** The site servers' limits on mail to unconfirmed addresses, counted in the same lake documents. */
  unconfirmedMail: MailBudget
}

const outboxes = new Map<string, FunctionClients>()

function outboxFor(
  clientOptions: {apiHost?: string; projectId: string; dataset: string; token: string},
  env: z.infer<typeof mailEnvSchema>,
): FunctionClients {
  const contentDataset = contentLakeOf(env).dataset
  const key = JSON.stringify([clientOptions, contentDataset])
  let cached = outboxes.get(key)
  if (!cached) {
    const bookings = createClient({
      ...clientOptions,
      apiVersion: API_VERSION,
      useCdn: false,
      perspective: 'raw',
    })
    const outbox = createOutbox({
      bookings,
      transport: mailTransport(env.SMTP_URL, path.resolve(env.DATA_DIR)),
      from: env.MAIL_FROM,
      server: `function-${process.pid}`,
    })
    // The templates and site settings are in the public content dataset, beside the bookings dataset whose events
    // come here: the same project, host and token.
    const content = createClient({
      ...clientOptions,
      dataset: contentDataset,
      apiVersion: API_VERSION,
      useCdn: false,
      perspective: 'published',
    })
    cached = {
      outbox,
      bookings,
      mailContent: mailContentLoader(content),
      unconfirmedMail: createMailBudget({
        bookings,
        // The servers' key too (REQUEST_LINK_SECRET, set alike on both), so both count one mailbox as one.
        secret: mailLinks(env, clientOptions.token).requestLinkSecret,
        overall: env.UNCONFIRMED_MAIL_SITE_LIMIT,
      }),
    }
    outboxes.set(key, cached)
  }
  return cached
}

export const handler = documentEventHandler<CreatedDocument>(async ({context, event}) => {
  const env = mailEnvSchema.parse(process.env)
  const {outbox, bookings, mailContent, unconfirmedMail} = outboxFor(context.clientOptions, env)
  const mails = await notificationMails(event.data, {
    outbox,
    unconfirmedMail,
    teamEmail: env.TEAM_EMAIL ?? TEAM_FROM_SITE_SETTINGS,
    mailContent,
    ...mailLinks(env, context.clientOptions.token),
  })
  if (mails.length === 0) return
  // Already there for a booking (queued in its own transaction) or on a repeated delivery: then a no-op.
  await bookings.mutate(mails, {returnDocuments: false, visibility: 'sync'})
  const {pending} = await outbox.sendAbout(event.data._id)
  if (pending > 0)
    throw new Error(
      `${pending} mails about ${event.data._id} are not sent yet; the event will come again`,
    )
})
