import type {SanityClient} from '@sanity/client'

import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {
  waitingCutoff,
  workingDay,
  workingHoursBetween,
  workingHoursInWords,
  type WorkingHours,
} from '@repo/schemas/working-hours.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'

import {composeMail, type MailContent} from '../lib/mail-content.ts'
import type {Outbox} from '../lib/mailer.ts'
import {loadResponseSettings} from './response-settings.ts'
import {assignmentsInRangeQuery} from './queries/assignment-queries.ts'
import {teamDigestIdQuery} from './queries/team-digest-id-query.ts'
import {confirmedInRangeQuery} from './queries/unguided-departures-query.ts'
import {waitingRequestsQuery} from './queries/waiting-requests-query.ts'

/**
 * The team's daily digest (docs/decisions/014-nothing-waits-unseen.md): at the start of each working day (Cape Town),
 * one mail to the team listing the requests still `new` after the response target, oldest first; none when none wait.
 * Every site server runs it; a marker document per day, created in the same transaction as the mail, makes it happen
 * once: the second server's `create` of the same marker is refused (409) and queues nothing.
 */
export const TEAM_DIGEST_TYPE = 'teamDigest'

/** The day's marker and its mail share the id: `digest-2026-11-23`. */
export const digestId = (day: string) => `digest-${day}`

// As the staff list decides it (bookings-queries.ts): `new`, at or before the cutoff, for a trip still ahead.
type WaitingRequest = {
  booking_ref: string
  name?: string | null
  experience_title?: string | null
  date?: string | null
  created_at: string
}

export type DailyDigestDeps = {
  /** The private `bookings` dataset, with the write token. */
  bookings: SanityClient
  /** Published content: the response settings. */
  content: SanityClient
  /** The editors' mail templates and the brand (the runtime's loader). */
  mailContent: () => Promise<MailContent>
  outbox: Outbox
  teamEmail: string
  siteUrl: string
  now: () => Date
}

export type DigestOutcome =
  /** Not a working day, or outside its working hours. */
  | 'not-due'
  /** This server or another has already decided today's digest. */
  | 'already-decided'
  | 'none-waiting'
  | 'sent'

/** "CTX-7KQ2MD, Thandi Mokoena: Lion’s Head Sunrise Hike on Wednesday 16 December 2026, waiting 6 working hours". */
function describe(request: WaitingRequest, now: Date, hours: WorkingHours): string {
  const waited = Math.floor(workingHoursBetween(new Date(request.created_at), now, hours))
  const trip = request.date ? ` on ${formatDateInWords(request.date)}` : ''
  return `${request.booking_ref}, ${request.name ?? ''}: ${request.experience_title ?? ''}${trip}, waiting ${workingHoursInWords(waited)}`
}

/**
 * Departures from today to two days on (the next 48 hours, whole days) with confirmed travellers and no guide
 * assigned (docs/decisions/239-assignments-on-the-departure-lock.md), soonest first: "Sunset Cruise on Friday 4
 * December 2026: 6 confirmed travellers, no guide".
 */
export async function departuresWithoutGuide(
  bookings: SanityClient,
  today: string,
): Promise<string[]> {
  const range = {from: today, to: addDays(today, 2)}
  const [confirmed, assigned] = await Promise.all([
    bookings.fetch(confirmedInRangeQuery, range, {perspective: 'published'}),
    bookings.fetch(assignmentsInRangeQuery, range, {perspective: 'published'}),
  ])
  const guided = new Set(
    assigned
      .filter((a) => (a.guide_ids ?? []).length > 0)
      .map((a) => `${a.experience_id}|${a.date}`),
  )
  const departures = new Map<string, {title: string; date: string; pax: number}>()
  for (const booking of confirmed) {
    if (!booking.experience_id || !booking.date) continue
    const key = `${booking.experience_id}|${booking.date}`
    if (guided.has(key)) continue
    const entry = departures.get(key) ?? {
      title: booking.experience_title ?? booking.experience_id,
      date: booking.date,
      pax: 0,
    }
    entry.pax += booking.pax_total ?? 0
    departures.set(key, entry)
  }
  return [...departures.values()]
    .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title, 'en-GB'))
    .map(
      (d) =>
        `${d.title} on ${formatDateInWords(d.date)}: ${d.pax} confirmed ${d.pax === 1 ? 'traveller' : 'travellers'}, no guide`,
    )
}

/** One digester per server: `run` does today's digest if it is due and nobody has done it yet. */
export function createDailyDigest(deps: DailyDigestDeps) {
  /** The last day this server saw decided, so the minute timer costs no lake request for the rest of it. */
  let decidedDay: string | undefined

  async function run(): Promise<DigestOutcome> {
    const now = deps.now()
    const day = todayInCapeTown(now)
    if (decidedDay === day) return 'already-decided'
    const {workingHours, responseTargetHours} = await loadResponseSettings(deps.content)
    // From the working day's start (or later that day, when a server starts late); never in the evening.
    const workday = workingDay(now, workingHours)
    if (!workday || now < workday.start || now >= workday.end) return 'not-due'
    const id = digestId(day)
    if (await deps.bookings.fetch(teamDigestIdQuery, {id})) {
      decidedDay = day
      return 'already-decided'
    }
    const requests: WaitingRequest[] = await deps.bookings.fetch(
      waitingRequestsQuery,
      {
        cutoff: waitingCutoff(now, responseTargetHours, workingHours).toISOString(),
        today: day,
      },
      {perspective: 'published'},
    )
    const unguided = await departuresWithoutGuide(deps.bookings, day)
    const marker = {
      _id: id,
      _type: TEAM_DIGEST_TYPE,
      day,
      decided_at: now.toISOString(),
      references: requests.map((request) => request.booking_ref),
    }
    const mail =
      requests.length > 0 || unguided.length > 0
        ? composeMail(
            'teamDigest',
            {
              count:
                requests.length === 0
                  ? 'No requests'
                  : `${requests.length} ${requests.length === 1 ? 'request' : 'requests'}`,
              requests: {
                list: requests.length
                  ? requests.map((request) => describe(request, now, workingHours))
                  : ['None.'],
              },
              departures: {list: unguided.length ? unguided : ['None.']},
              dashboardLink: `${deps.siteUrl}/admin/bookings`,
            },
            await deps.mailContent(),
            {to: deps.teamEmail},
          )
        : null
    try {
      await deps.bookings.mutate(
        [{create: marker}, ...(mail ? [deps.outbox.queueMutation(id, mail, id)] : [])],
        {returnDocuments: false, visibility: 'sync'},
      )
    } catch (error) {
      if (!isConflict(error)) throw error
      decidedDay = day
      return 'already-decided'
    }
    decidedDay = day
    if (!mail) return 'none-waiting'
    void deps.outbox.flush().catch((error: unknown) => console.error('[daily digest]', error))
    return 'sent'
  }

  return {run}
}

/**
 * Tries every minute (and at once), from each site server's runtime (functions/runtime.ts); the timer never keeps a
 * process alive.
 */
export function startDailyDigest(deps: DailyDigestDeps, intervalMs = 60_000): void {
  const digest = createDailyDigest(deps)
  const run = () =>
    void digest.run().catch((error: unknown) => console.error('[daily digest]', error))
  setInterval(run, intervalMs).unref()
  run()
}
