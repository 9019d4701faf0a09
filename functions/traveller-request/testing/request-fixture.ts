import type {SanityClient} from '@sanity/client'
import {Hono} from 'hono'

import type {StatusHistoryEntry} from '@repo/schemas/request-decisions.ts'
import {startTestLake, type TestLake} from '../../../lake/src/testing/start-test-lake.ts'

import {loadMailContent} from '../../lib/mail-content.ts'
import {createOutbox, smtpTransport, type Outbox} from '../../lib/mailer.ts'
import {requestLinkToken} from '../../lib/request-link.ts'
import {startSmtpListener} from '../../lib/testing/smtp-listener.ts'
import type {TravellerRequestDeps} from '../request-deps.ts'
import {createTravellerRequestRoutes, type TravellerRequestRoutesOptions} from '../routes.ts'

export const SITE = 'https://site.test'
export const SECRET = 'request-link-test-secret-0123456789abcdef'
export const TEAM = 'team@example.com'
export const NOW = new Date('2030-01-01T10:00:00Z')
/** Proposed dates of the seeded bookings: the experience has 6 places per slot. */
export const OPTION_MORNING = {_key: 'opt-morning', date: '2030-02-10', preferred_time: 'Morning'}
export const OPTION_ANY = {_key: 'opt-any', date: '2030-02-11', preferred_time: ''}

/** A real lake with a bookable experience, a real SMTP listener, and the routes as the site mounts them. */
export async function startRequestFixture() {
  const lake: TestLake = await startTestLake()
  const smtp = await startSmtpListener()
  const bookings: SanityClient = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  const admin = lake.client({token: lake.secrets.rootToken})
  await admin
    .transaction()
    .createOrReplace({
      _id: 'exp-hike',
      _type: 'experience',
      title: 'Lion’s Head Sunrise Hike',
      slug: {_type: 'slug', current: 'lions-head-hike'},
    })
    .createOrReplace({
      _id: 'settings-hike',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-hike'},
      minPax: 1,
      maxPax: 8,
      timeSlots: ['Morning', 'Sunset'],
      leadTimeDays: 2,
      capacity: 6,
    })
    .createOrReplace({_id: 'siteSettings', _type: 'siteSettings', siteName: 'Cape Curated'})
    .commit()
  const outbox: Outbox = createOutbox({
    bookings,
    transport: smtpTransport(smtp.url),
    from: 'Bookings <bookings@example.com>',
  })
  const errors: unknown[] = []
  const afterAnswer: Promise<void>[] = []
  /** Waits for the work routes did after their answers (a new link's mail) to finish. */
  const settled = async () => {
    while (afterAnswer.length > 0) await Promise.all(afterAnswer.splice(0))
  }
  const deps: TravellerRequestDeps = {
    content: lake.client({perspective: 'published'}),
    mailContent: () => loadMailContent(lake.client({perspective: 'published'})),
    bookings,
    outbox,
    secret: SECRET,
    siteUrl: SITE,
    teamEmail: TEAM,
    now: () => NOW,
    today: () => '2030-01-01',
    onError: (error) => errors.push(error),
    afterAnswer: (work) => void afterAnswer.push(work),
  }
  /** Mounted where the site mounts them; the client address from a test header, so tests can be many clients. */
  const routes = (options: TravellerRequestRoutesOptions = {}) =>
    new Hono().route(
      '/api/requests',
      createTravellerRequestRoutes(() => deps, {
        clientAddress: (c) => c.req.header('x-test-client') ?? '10.0.0.1',
        ...options,
      }),
    )

  let counter = 0
  /** A booking the team proposed two other dates for, as the staff's "Propose" leaves it. */
  async function seedBooking(fields: Record<string, unknown> = {}) {
    counter += 1
    const _id = `booking-test-${counter}-${Math.random().toString(36).slice(2, 8)}`
    const history: StatusHistoryEntry[] = [
      {
        _key: 'created',
        _type: 'statusChange',
        status: 'new',
        at: '2029-12-20T08:00:00Z',
        by: 'website',
      },
      {
        _key: 'staff-note',
        _type: 'statusChange',
        status: 'contacted',
        at: '2029-12-21T08:00:00Z',
        by: 'staff:Sipho',
        note: 'INTERNAL: guide Bongani off sick',
        action: 'propose',
        message: 'The mountain is closed that morning; would one of these suit you?',
        options: [OPTION_MORNING, OPTION_ANY],
        mail_id: `${_id}-propose-staff-note`,
      },
    ]
    const booking = {
      _id,
      _type: 'booking',
      booking_ref: `CTE-TEST-${String(counter).padStart(4, '0')}`,
      status: 'contacted',
      experience_id: 'lions-head-hike',
      experience_title: 'Lion’s Head Sunrise Hike',
      date: '2030-02-01',
      preferred_time: 'Sunset',
      pax_adults: 2,
      pax_children: 1,
      pax_total: 3,
      name: `Thandi Nkosi ${counter}`,
      email: `thandi.${counter}@example.com`,
      phone: '+27 82 555 0199',
      country: 'South Africa',
      staff_notes: 'VIP: owner’s cousin',
      notes: 'Vegetarian lunch please',
      created_at: '2029-12-20T08:00:00Z',
      status_history: history,
      ...fields,
    }
    await bookings.createOrReplace(booking as {_id: string; _type: string}, {visibility: 'sync'})
    const token = requestLinkToken(SECRET, _id, new Date('2030-04-01T00:00:00Z'))
    return {booking, token}
  }

  /** The outbox documents queued about a booking. */
  const mailsAbout = (id: string) =>
    bookings.fetch<{mail_id: string; to: string; subject: string; text: string}[]>(
      '*[_type == "outboxMail" && about == $id] | order(mail_id asc)',
      {id},
    )

  return {
    lake,
    smtp,
    bookings,
    admin,
    outbox,
    deps,
    errors,
    routes,
    seedBooking,
    mailsAbout,
    settled,
    async stop() {
      await outbox.stop()
      await smtp.close()
      await lake.stop()
    },
  }
}

export type RequestFixture = Awaited<ReturnType<typeof startRequestFixture>>

/** A request as the page sends it: same origin, JSON. */
export function pagePost(path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(`${SITE}/api/requests${path}`, {
    method: 'POST',
    headers: {'content-type': 'application/json', 'origin': SITE, ...headers},
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

export const pageGet = (token: string, headers: Record<string, string> = {}) =>
  new Request(`${SITE}/api/requests/${token}`, {headers})
