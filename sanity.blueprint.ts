import {defineBlueprint, defineDocumentFunction} from '@sanity/blueprints'

/**
 * Sanity's infrastructure as code (docs/decisions/011-mail-as-a-sanity-function.md): `npx sanity blueprints deploy`
 * creates these resources on hosted Sanity, and the local lake reads this same file to deliver the same events to the
 * same handlers (`lake/src/functions/`). With `MAIL_SENDER=function` the site servers only store requests; the
 * function queues and sends their mails (see `functions/send-booking-notifications/README.md`).
 *
 * The project id is read when the blueprint is deployed (`SANITY_PROJECT_ID`), as the site reads it.
 */
const projectId = process.env.SANITY_PROJECT_ID ?? 'local'
const bookingsDataset = process.env.SANITY_BOOKINGS_DATASET ?? 'bookings'

export default defineBlueprint({
  resources: [
    defineDocumentFunction({
      name: 'send-booking-notifications',
      displayName: 'Send the mails of a new booking, trip request or sign-up',
      // Sending two mails takes well under a second; a slow mail server gets time before the event comes again.
      timeout: 60,
      event: {
        on: ['create'],
        // Not a request rewritten without its traveller (retention, erasure): it has no one to write to.
        filter:
          '_type in ["booking", "itineraryRequest", "newsletterSignup"] && !defined(anonymised_at)',
        resource: {type: 'dataset', id: `${projectId}.${bookingsDataset}`},
      },
      // Set per deployment with `npx sanity functions env add send-booking-notifications SMTP_URL …`, and so
      // REQUEST_LINK_SECRET (the site's own: the function's token is not the site's, so the default derived from
      // it would sign links the site refuses); locally the lake passes its own environment.
      env: {
        // Only while site settings name no sender: the brand in mails is the site's.
        MAIL_FROM: process.env.MAIL_FROM ?? 'bookings@localhost',
        // Unset, the team's mails go to the address in site settings.
        ...(process.env.TEAM_EMAIL ? {TEAM_EMAIL: process.env.TEAM_EMAIL} : {}),
        // The mail templates and site settings.
        SANITY_DATASET: process.env.SANITY_DATASET ?? 'production',
        // The travellers' request links point here.
        ...(process.env.SITE_URL ? {SITE_URL: process.env.SITE_URL} : {}),
      },
    }),
  ],
})
