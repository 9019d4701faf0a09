import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import type {TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {bookingNotifier} from '../send-booking-notifications/handler.ts'
import type {TravellerRequestDeps} from '../traveller-request/request-deps.ts'
import type {WaitlistDeps} from '../waitlist/waitlist-deps.ts'
import {loadMailContent} from '../lib/mail-content.ts'
import {createOutbox, type MailTransport} from '../lib/mailer.ts'

/** The site's address and the team's, as every server test knows them. */
export const TEST_SITE = 'https://capecurated.example'
export const TEST_TEAM_EMAIL = 'team@example.com'

export type SiteServerOptions = {
  /** The server's name in the outbox (which server queued or sent a mail). */
  name: string
  /** Where its mail goes: a real SMTP listener (`smtpTransport(url)`), or nowhere. */
  transport: MailTransport
  /** Signs the request, offer and leave links. */
  secret: string
  /** Its clock; today in Cape Town is read from it. */
  now: () => Date
  /** Today in Cape Town; by default read from `now`. */
  today?: () => string
  /**
   * Whether the outbox sends at all: `false` keeps the mail queued in the lake with what it is about, so no
   * background pass outlives a test that only reads what was queued; it is then queued on the server's clock, so
   * the order of the queue is the order of what happened.
   */
  sends?: boolean
}

/**
 * One site server as the runtime builds it (functions/runtime.ts), for tests (here rather than in lib/testing, which
 * imports no feature): its own lake clients and outbox, and
 * the booking form's notifier over them; nothing shared with another server but the lake. It serves the waitlist's
 * functions and job and the traveller's request page alike.
 */
export function testSiteServer(
  lake: TestLake,
  options: SiteServerOptions,
): WaitlistDeps & TravellerRequestDeps {
  const content = lake.client({token: lake.secrets.writeToken})
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const mailContent = () => loadMailContent(content)
  const real = createOutbox({
    bookings,
    transport: options.transport,
    from: 'Bookings <bookings@example.com>',
    server: options.name,
    ...(options.sends === false ? {now: () => options.now().getTime()} : {}),
    onError: (error) => {
      throw error
    },
  })
  const outbox =
    options.sends === false ? ({...real, flush: async () => 0} as unknown as typeof real) : real
  return {
    content,
    bookings,
    mailContent,
    outbox,
    notify: bookingNotifier({
      outbox,
      teamEmail: TEST_TEAM_EMAIL,
      mailContent,
      siteUrl: TEST_SITE,
      requestLinkSecret: options.secret,
    }),
    secret: options.secret,
    siteUrl: TEST_SITE,
    teamEmail: TEST_TEAM_EMAIL,
    now: options.now,
    today: options.today ?? (() => todayInCapeTown(options.now())),
  }
}
