import {defineBlueprint, defineDocumentFunction} from '@sanity/blueprints'

/**
 * Sanity's infrastructure as code (issue 16): `npx sanity blueprints deploy` creates these resources on hosted
 * Sanity, and the local lake reads this same file to deliver the same events to the same handlers
 * (`lake/src/functions/`). With `MAIL_SENDER=function` the site servers only store requests; the function queues
 * and sends their mails (see `functions/send-booking-notifications/README.md`).
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
        filter: '_type in ["booking", "itineraryRequest", "newsletterSignup"]',
        resource: {type: 'dataset', id: `${projectId}.${bookingsDataset}`},
      },
      // Set per deployment with `npx sanity functions env add send-booking-notifications SMTP_URL …`; locally the
      // lake passes its own environment.
      env: {
        MAIL_FROM:
          process.env.MAIL_FROM ?? 'Cape Town Experiences <bookings@capetown-experiences.local>',
        TEAM_EMAIL: process.env.TEAM_EMAIL ?? 'team@capetown-experiences.local',
      },
    }),
  ],
})
