import {addDays, daysBetween, isIsoDate} from './iso-date.ts'
import {bookingSourceOf, type BookingSource} from './booking-source.ts'
import {formatMonthAndYear, formatShortDate} from './format-date.ts'
import {HOW_HEARD} from './enumerations.ts'
import {REJECTION_REASONS} from './reviews.ts'
import {waitingCutoff, workingHoursBetween, type ResponseSettings} from './working-hours.ts'
import type {AttendanceState} from './guide-day.ts'

/**
 * The owner's Reports (docs/decisions/210-reports-figures-in-one-module.md): every figure the Reports page draws,
 * its data table and its CSV, computed here from what the server read, so the page, the CSV and the tests agree.
 * Pure: no lake, no DOM. Days, weeks and months are Cape Town's (SAST, UTC+2 all year).
 */

/** A year, leap day included: the longest range one report covers (and its previous period as long again). */
export const REPORT_MAX_DAYS = 366
/** The forward view of departures, from today: eight weeks. */
export const REPORT_AHEAD_DAYS = 56

const SOURCE_LABELS: Record<BookingSource, string> = {
  site: 'Website',
  staff: 'Booking desk (phone or walk-in)',
  reseller: 'Reseller',
}
const WAITLIST_SOURCE = 'Website, from a waitlist offer'

/** A request's row in "Requests by source": a reseller's by its name. */
function sourceLabelOf(b: ReportBooking): string {
  const source = bookingSourceOf(b.source)
  if (source === 'reseller') return `${SOURCE_LABELS.reseller}: ${b.reseller_name ?? 'unnamed'}`
  return source === 'site' && b.from_waitlist ? WAITLIST_SOURCE : SOURCE_LABELS[source]
}

export type ReportRange = {from: string; to: string; experience?: string}

/** One history entry as the report reads it (request-decisions.ts `StatusHistoryEntry`, four fields). */
export type ReportHistoryEntry = {
  status?: string | null
  at?: string | null
  by?: string | null
  action?: string | null
}

/** A booking as the report's query projects it: no name, email, phone or notes. */
export type ReportBooking = {
  experience_id: string
  experience_title?: string | null
  status: string
  created_at: string
  date?: string | null
  pax_total?: number | null
  country?: string | null
  how_heard_about_us?: string | null
  /** Made from a waitlist offer (`waitlist_entry` set). */
  from_waitlist?: boolean | null
  /** The reseller that sold it, when `source` is `reseller`. */
  reseller_name?: string | null
  /** Recorded on the day by the guide (guide-day.ts): `came` or `no-show`; none when nobody recorded it. */
  attendance?: string | null
  /** `staff` (the booking desk), `reseller`, or none for the site's form (booking-desk.ts `bookingSourceOf`). */
  source?: string | null
  history?: ReportHistoryEntry[] | null
}

/** Waitlist counts per period, counted by GROQ (functions/staff/reports/queries/). */
export type WaitlistCounts = {joined: number; offered: number; booked: number}

/** One departure as the Departures view counts it (places taken include held places). */
export type ReportDeparture = {
  experience_id: string
  experience_title: string
  date: string
  slot: string
  capacity: number
  taken: number
  requested: number
}

export type ReportReview = {
  experience_id: string
  submitted_at: string
  rating: number
  published: boolean
  rejection_reason?: string | null
}

export type ReportExperience = {slug: string; title: string; price?: number | null}

export type ReportInput = {
  range: ReportRange
  now: Date
  bookings: ReportBooking[]
  waitlist: {current: WaitlistCounts; previous: WaitlistCounts}
  /** Departures whose trip date is in the range. */
  occupancy: ReportDeparture[]
  /** Departures from today for REPORT_AHEAD_DAYS days. */
  ahead: ReportDeparture[]
  reviews: ReportReview[]
  experiences: ReportExperience[]
  response: ResponseSettings
}

export type ReportUnit = 'count' | 'percent' | 'rand' | 'hours' | 'days' | 'rating' | 'places'

export type ReportSeries = {title: string; unit: ReportUnit}

/** One chart: what is drawn, its data table and its CSV are these rows, nothing else. */
export type ReportChart = {
  id: string
  section: ReportSection
  title: string
  /** The heading of the rows' label column. */
  labelHeading: string
  series: ReportSeries[]
  rows: {label: string; values: number[]}[]
  /** Drawn as one stacked bar per row rather than bars side by side. */
  stacked?: boolean
  /** The chart in a sentence or two, for everyone and for screen readers first. */
  summary: string
}

export const REPORT_SECTIONS = [
  ['demand', 'Demand'],
  ['conversion', 'Conversion'],
  ['occupancy', 'Occupancy'],
  ['service', 'Service'],
  ['value', 'Value'],
  ['reviews', 'Reviews'],
] as const
export type ReportSection = (typeof REPORT_SECTIONS)[number][0]

export type Report = {
  range: ReportRange
  previous: {from: string; to: string}
  today: string
  /** Every published experience, for the page's filter. */
  experiences: {slug: string; title: string}[]
  charts: ReportChart[]
}

/** What the product does not record yet, said on the page beside the figures (issue notes). */
export const REPORT_NOT_RECORDED = [
  'Travellers’ languages are asked for only at the booking desk so far, so there is no figure for them.',
  'Whether a traveller came is known only where a guide recorded it on the day (check-in or no-show).',
  'Declines carry the team’s own words, not a reason from a list, and requests do not expire: “date full” and “expired” are not counted apart.',
] as const

const CAPE_TOWN_OFFSET_MS = 2 * 3_600_000

/** The Cape Town calendar day of an instant (`yyyy-MM-dd`). */
export function capeTownDayOf(instant: string): string {
  return new Date(Date.parse(instant) + CAPE_TOWN_OFFSET_MS).toISOString().slice(0, 10)
}

/** The first instant of a Cape Town day, as stored instants are written (`toISOString()`), for GROQ's comparisons. */
export const capeTownDayStartInstant = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - CAPE_TOWN_OFFSET_MS).toISOString()

/** ISO weekday of a calendar date: 1 Monday … 7 Sunday. */
export function isoWeekdayOf(day: string): number {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay()
  return weekday === 0 ? 7 : weekday
}

/** The Monday of the week a calendar date is in. */
export const weekStartOf = (day: string) => addDays(day, 1 - isoWeekdayOf(day))

/** The period just before a range, as long as it. */
export function previousPeriod(range: {from: string; to: string}): {from: string; to: string} {
  const length = daysBetween(range.from, range.to) + 1
  return {from: addDays(range.from, -length), to: addDays(range.from, -1)}
}

export function isReportRange(range: {from: string; to: string}): boolean {
  return (
    isIsoDate(range.from) &&
    isIsoDate(range.to) &&
    range.from <= range.to &&
    daysBetween(range.from, range.to) < REPORT_MAX_DAYS
  )
}

/** The nearest-rank percentile (`p` of 100) of some numbers; null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!
}

const round1 = (value: number) => Math.round(value * 10) / 10

/**
 * What a request is worth: the experience's price per person (`fromPrice`, rand: the price the traveller saw, unless
 * an editor changed it since; bookings do not store it) times the party. Null without a price (priced on request).
 * The bookings CSV's value column and the Value charts both use it. The product takes no payment.
 */
export function bookingValue(
  price: number | null | undefined,
  pax: number | null | undefined,
): number | null {
  return typeof price === 'number' && price > 0 ? price * (pax ?? 0) : null
}

/** How a request stands today, from its status and the history entry that gave it. */
export type ReportOutcome =
  'open' | 'confirmed' | 'declined' | 'withdrawn' | 'departure-cancelled' | 'closed'

export function outcomeOf(booking: Pick<ReportBooking, 'status' | 'history'>): ReportOutcome {
  const {status} = booking
  if (status === 'confirmed' || status === 'declined') return status
  if (status !== 'closed') return 'open'
  const reason = (booking.history ?? []).findLast((entry) => entry.status === 'closed')?.action
  if (reason === 'withdraw') return 'withdrawn'
  if (reason === 'cancel-departure' || reason === 'accept-cancellation')
    return 'departure-cancelled'
  return 'closed'
}

const OUTCOME_ROWS: [ReportOutcome, string][] = [
  ['confirmed', 'Confirmed'],
  ['declined', 'Declined by the team'],
  ['withdrawn', 'Withdrawn by the traveller'],
  ['departure-cancelled', 'Departure cancelled (weather or conditions)'],
  ['closed', 'Closed by the team'],
  ['open', 'Still open'],
]

/** Of the confirmed, what the guides recorded on the day. */
const ATTENDANCE_ROWS: [AttendanceState, string][] = [
  ['came', 'Confirmed and came (checked in)'],
  ['no-show', 'Confirmed but did not come (no-show)'],
]

const LOST: ReadonlySet<ReportOutcome> = new Set([
  'declined',
  'withdrawn',
  'departure-cancelled',
  'closed',
])

/** Who answers for the team: anyone but the website and the traveller. */
const NOT_STAFF = new Set(['website', 'traveller'])

/** The team's first answer to a request: the first history entry after its creation made by a person of the team. */
export function firstAnswer(booking: Pick<ReportBooking, 'history'>): ReportHistoryEntry | null {
  const entries = booking.history ?? []
  return (
    entries.find(
      (entry, index) =>
        index > 0 &&
        typeof entry.at === 'string' &&
        typeof entry.by === 'string' &&
        !NOT_STAFF.has(entry.by) &&
        entry.status !== 'new',
    ) ?? null
  )
}

export const LEAD_TIME_BUCKETS: [string, number, number][] = [
  ['Under a week (0–6 days)', 0, 6],
  ['1–2 weeks (7–13 days)', 7, 13],
  ['2–4 weeks (14–29 days)', 14, 29],
  ['1–2 months (30–59 days)', 30, 59],
  ['2–3 months (60–89 days)', 60, 89],
  ['3 months or more (90 days and over)', 90, Infinity],
]

export const GROUP_SIZE_BUCKETS: [string, number, number][] = [
  ['1 traveller', 1, 1],
  ['2 travellers', 2, 2],
  ['3–4 travellers', 3, 4],
  ['5–8 travellers', 5, 8],
  ['9 travellers or more', 9, Infinity],
]

const NOT_GIVEN = 'Not given'
const TOP_COUNTRIES = 8
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

const THIS = 'This period'
const BEFORE = 'Previous period'
const countSeries = (): ReportSeries[] => [
  {title: THIS, unit: 'count'},
  {title: BEFORE, unit: 'count'},
]

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`
const rand = (n: number) => `R${Math.round(n).toLocaleString('en-GB')}`
const percentOf = (part: number, whole: number) =>
  whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10

/** The biggest row of a chart's first series, in words ("Google (4)"), or null when all are 0. */
function largest(rows: {label: string; values: number[]}[]): string | null {
  const top = rows.reduce<{label: string; values: number[]} | null>(
    (best, row) => ((row.values[0] ?? 0) > (best?.values[0] ?? 0) ? row : best),
    null,
  )
  return top ? `${top.label} (${top.values[0]})` : null
}

function countBy<T>(items: readonly T[], keyOf: (item: T) => string | null): Map<string, number> {
  const counts = new Map<string, number>()
  for (const item of items) {
    const key = keyOf(item)
    if (key !== null) counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  return counts
}

function bucketOf(buckets: [string, number, number][], value: number): string | null {
  return buckets.find(([, low, high]) => value >= low && value <= high)?.[0] ?? null
}

/** Every figure of the Reports page for a range, an optional experience and the period before it. */
export function computeReport(input: ReportInput): Report {
  const {range, now} = input
  const previous = previousPeriod(range)
  const today = capeTownDayOf(now.toISOString())
  const only = range.experience
  const ofExperience = <T extends {experience_id: string}>(items: readonly T[]) =>
    only ? items.filter((item) => item.experience_id === only) : [...items]
  const inPeriod = (day: string, period: {from: string; to: string}) =>
    day >= period.from && day <= period.to

  const bookings = ofExperience(input.bookings)
  // Each request's Cape Town day and week, worked out once: a year holds thousands.
  const createdDays = new Map(bookings.map((b) => [b, capeTownDayOf(b.created_at)]))
  const createdDay = (b: ReportBooking) => createdDays.get(b) ?? capeTownDayOf(b.created_at)
  const weekStarts = new Map<string, string>()
  const weekOf = (day: string) => {
    let week = weekStarts.get(day)
    if (week === undefined) weekStarts.set(day, (week = weekStartOf(day)))
    return week
  }
  const current = bookings.filter((b) => inPeriod(createdDay(b), range))
  const before = bookings.filter((b) => inPeriod(createdDay(b), previous))
  const titles = new Map(input.experiences.map((e) => [e.slug, e.title]))
  const titleOf = (slug: string, fallback?: string | null) => titles.get(slug) ?? fallback ?? slug
  const prices = new Map(input.experiences.map((e) => [e.slug, e.price ?? null]))
  const charts: ReportChart[] = []
  const periodWords = `${formatShortDate(range.from)} to ${formatShortDate(range.to)}`
  const compared = (now: number, then: number) =>
    `${now} this period against ${then} in the previous period`

  // Demand: requests per week by experience.
  const experienceSlugs = [...new Set(current.map((b) => b.experience_id))].sort((a, b) =>
    titleOf(a).localeCompare(titleOf(b), 'en-GB'),
  )
  const weeks: string[] = []
  for (let week = weekStartOf(range.from); week <= range.to; week = addDays(week, 7))
    weeks.push(week)
  const perWeek = countBy(current, (b) => `${weekOf(createdDay(b))}|${b.experience_id}`)
  const weekRows = weeks.map((week) => ({
    label: formatShortDate(week),
    values: experienceSlugs.map((slug) => perWeek.get(`${week}|${slug}`) ?? 0),
  }))
  charts.push({
    id: 'requests-per-week',
    section: 'demand',
    title: 'Requests per week',
    labelHeading: 'Week starting (Monday)',
    series: experienceSlugs.map((slug) => ({title: titleOf(slug), unit: 'count'})),
    rows: weekRows,
    stacked: true,
    summary: `${plural(current.length, 'request')} from ${periodWords} (previous period: ${before.length}), over ${plural(weeks.length, 'week')}, counted by the Cape Town day each was made.`,
  })

  const periodChart = (
    id: string,
    section: ReportSection,
    title: string,
    labelHeading: string,
    labels: readonly string[],
    keyOf: (booking: ReportBooking) => string | null,
    intro: string,
  ) => {
    const now = countBy(current, keyOf)
    const then = countBy(before, keyOf)
    const rows = labels.map((label) => ({
      label,
      values: [now.get(label) ?? 0, then.get(label) ?? 0],
    }))
    const top = largest(rows)
    charts.push({
      id,
      section,
      title,
      labelHeading,
      series: countSeries(),
      rows,
      summary: `${intro}${top ? ` Most this period: ${top}.` : ' None this period.'}`,
    })
  }

  const allSlugs = [...new Set([...current, ...before].map((b) => b.experience_id))].sort((a, b) =>
    titleOf(a).localeCompare(titleOf(b), 'en-GB'),
  )
  periodChart(
    'requests-by-experience',
    'demand',
    'Requests by experience',
    'Experience',
    allSlugs.map((slug) => titleOf(slug)),
    (b) => titleOf(b.experience_id, b.experience_title),
    `Requests per experience: ${compared(current.length, before.length)}.`,
  )
  const resellerLabels = [
    ...new Set(
      [...current, ...before]
        .filter((b) => bookingSourceOf(b.source) === 'reseller')
        .map(sourceLabelOf),
    ),
  ].sort((a, b) => a.localeCompare(b, 'en-GB'))
  periodChart(
    'requests-by-source',
    'demand',
    'Requests by source',
    'Source',
    // Each reseller by name once any sold in either period; else one row saying resellers sold nothing.
    [
      SOURCE_LABELS.site,
      WAITLIST_SOURCE,
      SOURCE_LABELS.staff,
      ...(resellerLabels.length > 0 ? resellerLabels : [SOURCE_LABELS.reseller]),
    ],
    sourceLabelOf,
    'Where requests came from: the site’s form, a waitlist offer, the team’s booking desk or each reseller.',
  )
  periodChart(
    'requests-by-how-heard',
    'demand',
    'How travellers heard about us',
    'Answer',
    [...HOW_HEARD, NOT_GIVEN],
    (b) =>
      b.how_heard_about_us && (HOW_HEARD as readonly string[]).includes(b.how_heard_about_us)
        ? b.how_heard_about_us
        : NOT_GIVEN,
    'The booking form’s “How did you hear about us?”, which is optional.',
  )

  const leads = new Map(
    bookings.map((b) => [
      b,
      b.date && isIsoDate(b.date) ? daysBetween(createdDay(b), b.date) : null,
    ]),
  )
  const leadDays = (b: ReportBooking) => leads.get(b) ?? null
  const leadNow = current.flatMap((b) => {
    const days = leadDays(b)
    return days === null ? [] : [days]
  })
  const medianLead = percentile(leadNow, 50)
  periodChart(
    'lead-time',
    'demand',
    'Lead time: days from request to trip',
    'Days ahead',
    LEAD_TIME_BUCKETS.map(([label]) => label),
    (b) => {
      const days = leadDays(b)
      return days === null ? null : bucketOf(LEAD_TIME_BUCKETS, days)
    },
    medianLead === null
      ? 'Days between the request and its trip date.'
      : `Days between the request and its trip date: half of this period’s requests came ${plural(medianLead, 'day')} or fewer ahead.`,
  )
  const paxNow = current.reduce((sum, b) => sum + (b.pax_total ?? 0), 0)
  periodChart(
    'group-sizes',
    'demand',
    'Group sizes',
    'Group',
    GROUP_SIZE_BUCKETS.map(([label]) => label),
    (b) => (b.pax_total ? bucketOf(GROUP_SIZE_BUCKETS, b.pax_total) : null),
    `${plural(paxNow, 'traveller')} asked for this period${current.length ? `, ${round1(paxNow / current.length)} a request on average` : ''}.`,
  )
  const countryOf = (b: ReportBooking) => b.country || NOT_GIVEN
  const countries = [...countBy(current, countryOf)]
    .filter(([country]) => country !== NOT_GIVEN)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0], 'en-GB'))
    .slice(0, TOP_COUNTRIES)
    .map(([country]) => country)
  const OTHER = 'Other countries'
  periodChart(
    'countries',
    'demand',
    'Travellers’ countries',
    'Country',
    [...countries, OTHER, NOT_GIVEN],
    (b) => {
      const country = countryOf(b)
      return country === NOT_GIVEN || countries.includes(country) ? country : OTHER
    },
    `The country given on the request, the ${TOP_COUNTRIES} most frequent this period by name. Languages are not asked for.`,
  )

  // Conversion: how this period's requests stand today.
  const outcomesNow = countBy(current, outcomeOf)
  const outcomesBefore = countBy(before, outcomeOf)
  const confirmedNow = outcomesNow.get('confirmed') ?? 0
  const attendanceOf = (b: ReportBooking) =>
    outcomeOf(b) === 'confirmed' && b.attendance ? b.attendance : null
  const attendedNow = countBy(current, attendanceOf)
  const attendedBefore = countBy(before, attendanceOf)
  charts.push({
    id: 'outcomes',
    section: 'conversion',
    title: 'What became of the requests',
    labelHeading: 'Outcome',
    series: countSeries(),
    rows: [
      {label: 'Requested', values: [current.length, before.length]},
      ...OUTCOME_ROWS.flatMap(([outcome, label]) => [
        {label, values: [outcomesNow.get(outcome) ?? 0, outcomesBefore.get(outcome) ?? 0]},
        // The step after confirmed: who came, as the guides recorded it on the day.
        ...(outcome === 'confirmed'
          ? ATTENDANCE_ROWS.map(([state, attendanceLabel]) => ({
              label: attendanceLabel,
              values: [attendedNow.get(state) ?? 0, attendedBefore.get(state) ?? 0],
            }))
          : []),
      ]),
    ],
    summary: `${confirmedNow} of ${plural(current.length, 'request')} made this period ${confirmedNow === 1 ? 'is' : 'are'} confirmed today (${percentOf(confirmedNow, current.length)}%; previous period ${percentOf(outcomesBefore.get('confirmed') ?? 0, before.length)}%)${attendedNow.get('came') ? `; ${attendedNow.get('came')} came` : ''}.`,
  })
  const waitlist = input.waitlist
  charts.push({
    id: 'waitlist',
    section: 'conversion',
    title: 'Waitlist: joins, offers, bookings',
    labelHeading: 'Step',
    series: countSeries(),
    rows: [
      {label: 'Joined a waitlist', values: [waitlist.current.joined, waitlist.previous.joined]},
      {label: 'Offered places', values: [waitlist.current.offered, waitlist.previous.offered]},
      {label: 'Took the offer', values: [waitlist.current.booked, waitlist.previous.booked]},
    ],
    summary: `Of ${plural(waitlist.current.joined, 'person', 'people')} who joined a waitlist this period, ${waitlist.current.offered} ${waitlist.current.offered === 1 ? 'was' : 'were'} offered places and ${waitlist.current.booked} took the offer.`,
  })

  // Occupancy: places taken (confirmed and held) against capacity, by trip date.
  const occupancy = ofExperience(input.occupancy)
  const sumPlaces = (departures: readonly ReportDeparture[]) =>
    departures.reduce(
      (sum, d) => ({taken: sum.taken + d.taken, capacity: sum.capacity + d.capacity}),
      {taken: 0, capacity: 0},
    )
  const placeSeries: ReportSeries[] = [
    {title: 'Places taken', unit: 'places'},
    {title: 'Capacity', unit: 'places'},
  ]
  const occupancySlugs = [...new Set(occupancy.map((d) => d.experience_id))].sort((a, b) =>
    titleOf(a).localeCompare(titleOf(b), 'en-GB'),
  )
  const total = sumPlaces(occupancy)
  const occupancyRows = occupancySlugs.map((slug) => {
    const sum = sumPlaces(occupancy.filter((d) => d.experience_id === slug))
    return {label: titleOf(slug), values: [sum.taken, sum.capacity]}
  })
  const fullest = occupancyRows
    .filter((row) => row.values[0]! > 0 && row.values[1]! > 0)
    .sort((a, b) => b.values[0]! / b.values[1]! - a.values[0]! / a.values[1]!)[0]
  charts.push({
    id: 'occupancy-by-experience',
    section: 'occupancy',
    title: 'Places taken against capacity, by experience',
    labelHeading: 'Experience',
    series: placeSeries,
    rows: occupancyRows,
    summary: `Trips from ${periodWords}: ${total.taken} of ${plural(total.capacity, 'place')} taken (${percentOf(total.taken, total.capacity)}%), held places included.${fullest ? ` Fullest: ${fullest.label}, ${percentOf(fullest.values[0]!, fullest.values[1]!)}%.` : ''}`,
  })
  const slotKeys = [...new Set(occupancy.map((d) => `${isoWeekdayOf(d.date)}|${d.slot}`))].sort(
    (a, b) => {
      const [dayA, slotA = ''] = a.split('|')
      const [dayB, slotB = ''] = b.split('|')
      return Number(dayA) - Number(dayB) || slotA.localeCompare(slotB)
    },
  )
  charts.push({
    id: 'occupancy-by-weekday',
    section: 'occupancy',
    title: 'Places taken against capacity, by weekday and time',
    labelHeading: 'Weekday and time',
    series: placeSeries,
    rows: slotKeys.map((key) => {
      const [day, slot = ''] = key.split('|')
      const sum = sumPlaces(occupancy.filter((d) => `${isoWeekdayOf(d.date)}|${d.slot}` === key))
      return {
        label: `${WEEKDAYS[Number(day) - 1]}${slot ? `, ${slot}` : ''}`,
        values: [sum.taken, sum.capacity],
      }
    }),
    summary: 'The same trips by the weekday they run and their time (no time: the day as a whole).',
  })
  // The next eight weeks: every scheduled departure of one experience, or those with people on them.
  const ahead = ofExperience(input.ahead).filter((d) => only || d.taken > 0 || d.requested > 0)
  charts.push({
    id: 'departures-ahead',
    section: 'occupancy',
    title: 'The next eight weeks, per departure',
    labelHeading: 'Departure',
    series: [
      {title: 'Places taken', unit: 'places'},
      {title: 'Places requested', unit: 'places'},
      {title: 'Capacity', unit: 'places'},
    ],
    rows: ahead.map((d) => ({
      label: `${formatShortDate(d.date)}${d.slot ? `, ${d.slot}` : ''}${only ? '' : `, ${titleOf(d.experience_id, d.experience_title)}`}`,
      values: [d.taken, d.requested, d.capacity],
    })),
    summary: `${plural(ahead.length, 'departure')} from ${formatShortDate(today)} to ${formatShortDate(addDays(today, REPORT_AHEAD_DAYS - 1))}${only ? '' : ' with people on them'}: ${sumPlaces(ahead).taken} places taken, ${ahead.reduce((sum, d) => sum + d.requested, 0)} requested.`,
  })

  // Service: the team's first answer, in working hours, against the editors' target.
  const target = input.response.responseTargetHours
  const hours = input.response.workingHours
  const answers = new Map<ReportBooking, {by: string; hours: number} | null>()
  const answerOf = (b: ReportBooking) => {
    if (!answers.has(b)) {
      const answer = firstAnswer(b)
      answers.set(
        b,
        answer && {
          by: answer.by!,
          hours: workingHoursBetween(new Date(b.created_at), new Date(answer.at!), hours),
        },
      )
    }
    return answers.get(b)!
  }
  const answered = current.flatMap((b) => answerOf(b) ?? [])
  // The list's own rule for waiting too long (working-hours.ts): made at or before this instant.
  const cutoff = waitingCutoff(now, target, hours).toISOString()
  const people = [...new Set(answered.map((a) => a.by))].sort((a, b) => a.localeCompare(b, 'en-GB'))
  const serviceRow = (label: string, list: {hours: number}[]) => ({
    label,
    values: [
      list.length,
      round1(
        percentile(
          list.map((a) => a.hours),
          50,
        ) ?? 0,
      ),
      round1(
        percentile(
          list.map((a) => a.hours),
          90,
        ) ?? 0,
      ),
    ],
  })
  const everyone = serviceRow('Everyone', answered)
  charts.push({
    id: 'first-answer',
    section: 'service',
    title: 'Time to the first answer, in working hours',
    labelHeading: 'Who answered first',
    series: [
      {title: 'Requests answered', unit: 'count'},
      {title: 'Median', unit: 'hours'},
      {title: '90th percentile', unit: 'hours'},
    ],
    rows: [
      everyone,
      ...people.map((by) =>
        serviceRow(
          by,
          answered.filter((a) => a.by === by),
        ),
      ),
    ],
    summary: answered.length
      ? `The target is ${plural(target, 'working hour')}. Half of this period’s answered requests had their first answer within ${everyone.values[1]} working hours, nine in ten within ${everyone.values[2]}.`
      : `The target is ${plural(target, 'working hour')}. No request of this period has been answered yet.`,
  })
  const serviceKey = (b: ReportBooking): string => {
    const answer = answerOf(b)
    if (answer)
      return answer.hours <= target ? 'Answered within the target' : 'Answered after the target'
    if (outcomeOf(b) !== 'open') return 'Settled without an answer from the team'
    return new Date(b.created_at).toISOString() <= cutoff
      ? 'Not answered, waiting too long'
      : 'Not answered, within the target'
  }
  periodChart(
    'answered-in-time',
    'service',
    'Requests answered within the target',
    'First answer',
    [
      'Answered within the target',
      'Answered after the target',
      'Not answered, waiting too long',
      'Not answered, within the target',
      'Settled without an answer from the team',
    ],
    serviceKey,
    `The editors’ response target is ${plural(target, 'working hour')} (site settings).`,
  )

  // Value: the experience's price per person times the party, in rand. No payment is taken.
  const valueOf = (b: ReportBooking) => bookingValue(prices.get(b.experience_id), b.pax_total) ?? 0
  const valueSums = (list: readonly ReportBooking[]) => {
    const sums = {requested: 0, confirmed: 0, lost: 0}
    for (const b of list) {
      const value = valueOf(b)
      const outcome = outcomeOf(b)
      sums.requested += value
      if (outcome === 'confirmed') sums.confirmed += value
      if (LOST.has(outcome)) sums.lost += value
    }
    return sums
  }
  const valueSeries: ReportSeries[] = [
    {title: 'Requested', unit: 'rand'},
    {title: 'Confirmed', unit: 'rand'},
    {title: 'Lost', unit: 'rand'},
  ]
  const valueNow = valueSums(current)
  const valueBefore = valueSums(before)
  const unpriced = [...new Set(current.map((b) => b.experience_id))].filter(
    (slug) => !prices.get(slug),
  )
  charts.push({
    id: 'value-by-experience',
    section: 'value',
    title: 'Value of requests by experience, in rand',
    labelHeading: 'Experience',
    series: valueSeries,
    rows: experienceSlugs.map((slug) => {
      const sums = valueSums(current.filter((b) => b.experience_id === slug))
      return {label: titleOf(slug), values: [sums.requested, sums.confirmed, sums.lost]}
    }),
    summary: `This period’s requests were worth ${rand(valueNow.requested)} at the experiences’ prices per person; ${rand(valueNow.confirmed)} of it is confirmed and ${rand(valueNow.lost)} lost.${unpriced.length ? ` Experiences without a price count as R0: ${unpriced.map((slug) => titleOf(slug)).join(', ')}.` : ''}`,
  })
  charts.push({
    id: 'value-by-period',
    section: 'value',
    title: 'Value against the previous period, in rand',
    labelHeading: 'Value',
    series: [
      {title: THIS, unit: 'rand'},
      {title: BEFORE, unit: 'rand'},
    ],
    rows: [
      {label: 'Requested', values: [valueNow.requested, valueBefore.requested]},
      {label: 'Confirmed', values: [valueNow.confirmed, valueBefore.confirmed]},
      {label: 'Lost', values: [valueNow.lost, valueBefore.lost]},
    ],
    summary: `Confirmed: ${rand(valueNow.confirmed)} this period against ${rand(valueBefore.confirmed)} in the previous period.`,
  })

  // Reviews: published reviews by month of sending; the editors' rejections by reason.
  const reviews = ofExperience(input.reviews)
  const reviewsNow = reviews.filter((r) => inPeriod(capeTownDayOf(r.submitted_at), range))
  const reviewsBefore = reviews.filter((r) => inPeriod(capeTownDayOf(r.submitted_at), previous))
  const published = reviewsNow.filter((r) => r.published)
  // Each review's month and experience worked out once, and the reviews grouped by them: a year holds thousands.
  const publishedByKey = new Map<string, ReportReview[]>()
  for (const r of published) {
    const key = `${capeTownDayOf(r.submitted_at).slice(0, 7)}|${r.experience_id}`
    const group = publishedByKey.get(key)
    if (group) group.push(r)
    else publishedByKey.set(key, [r])
  }
  const monthKeys = [...publishedByKey.keys()].sort((a, b) => {
    const [monthA = '', slugA = ''] = a.split('|')
    const [monthB = '', slugB = ''] = b.split('|')
    return monthA.localeCompare(monthB) || titleOf(slugA).localeCompare(titleOf(slugB), 'en-GB')
  })
  const average = (list: readonly ReportReview[]) =>
    list.length
      ? Math.round((list.reduce((sum, r) => sum + r.rating, 0) / list.length) * 100) / 100
      : 0
  charts.push({
    id: 'reviews-by-month',
    section: 'reviews',
    title: 'Published reviews by month and experience',
    labelHeading: 'Month and experience',
    series: [
      {title: 'Reviews', unit: 'count'},
      {title: 'Average rating', unit: 'rating'},
    ],
    rows: monthKeys.map((key) => {
      const [month = '', slug = ''] = key.split('|')
      const list = publishedByKey.get(key) ?? []
      return {
        label: `${formatMonthAndYear(`${month}-01`)}${only ? '' : `, ${titleOf(slug)}`}`,
        values: [list.length, average(list)],
      }
    }),
    summary: published.length
      ? `${plural(published.length, 'review')} sent this period ${published.length === 1 ? 'is' : 'are'} published, rated ${average(published)} out of 5 on average.`
      : 'No review sent this period is published.',
  })
  const rejected = (list: readonly ReportReview[], reason: string) =>
    list.filter((r) => r.rejection_reason === reason).length
  charts.push({
    id: 'review-rejections',
    section: 'reviews',
    title: 'Reviews not published, by reason',
    labelHeading: 'Reason',
    series: countSeries(),
    rows: REJECTION_REASONS.map((reason) => ({
      label: reason.title,
      values: [rejected(reviewsNow, reason.value), rejected(reviewsBefore, reason.value)],
    })),
    summary: `${plural(reviewsNow.filter((r) => r.rejection_reason).length, 'review')} sent this period ${reviewsNow.filter((r) => r.rejection_reason).length === 1 ? 'was' : 'were'} not published, against ${reviewsBefore.filter((r) => r.rejection_reason).length} in the previous period.`,
  })

  return {
    range,
    previous,
    today,
    experiences: input.experiences.map(({slug, title}) => ({slug, title})),
    charts,
  }
}

export const PREVIOUS_PERIOD_SERIES = BEFORE

/**
 * A chart as the page draws it: without the comparison, the previous period's series is left out of the bars, the
 * table and the CSV alike.
 */
export function chartAsShown(chart: ReportChart, compare: boolean): ReportChart {
  const keep = chart.series.map((series) => compare || series.title !== BEFORE)
  if (keep.every(Boolean)) return chart
  return {
    ...chart,
    series: chart.series.filter((_, index) => keep[index]),
    rows: chart.rows.map((row) => ({...row, values: row.values.filter((_, index) => keep[index])})),
  }
}

/**
 * A cell a spreadsheet reads as text, never as a formula: a leading = + - @ (or tab, CR, LF) gets an apostrophe,
 * and a cell with a separator, quote or line break is quoted (as the bookings CSV does, OWASP CSV injection).
 */
export function reportCsvCell(value: string | number): string {
  if (typeof value === 'number') return String(value)
  const text = /^(?:[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20]|[\t\r\n])/.test(value)
    ? `'${value}`
    : value
  return /[",;\t\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text
}

const UNIT_HEADINGS: Record<ReportUnit, string> = {
  count: '',
  percent: ' (%)',
  rand: ' (ZAR)',
  hours: ' (working hours)',
  days: ' (days)',
  rating: ' (out of 5)',
  places: ' (places)',
}

export const seriesHeading = (series: ReportSeries) =>
  `${series.title}${UNIT_HEADINGS[series.unit]}`

/** One chart's figures as CSV: the label column and one column per series, exactly the rows drawn. */
export function reportChartCsv(chart: ReportChart): string {
  const header = [chart.labelHeading, ...chart.series.map(seriesHeading)]
  const lines = [header, ...chart.rows.map((row) => [row.label, ...row.values])].map((cells) =>
    cells.map(reportCsvCell).join(','),
  )
  return '\uFEFF' + lines.join('\r\n') + '\r\n'
}
