import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest'

import {departureLockId} from '@repo/schemas/capacity.ts'
import {
  GUIDE_MANIFEST_DAYS_AFTER,
  type AttendanceAnswer,
  type TodayAnswer,
} from '@repo/schemas/guide-day.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {requestLinkToken} from '../lib/request-link.ts'
import {TEST_LINK_SECRET} from './testing/decision-deps.ts'
import {staffTestApp, testStaffMembers, type StaffTestApp} from './testing/staff-test-app.ts'

/**
 * The guide's day through the staff routes on the real lake (issue 46): who sees which manifest, the phones on the
 * day only, past manifests closing, and check-ins stored once whoever sends them how often.
 */
let lake: TestLake
let staff: StaffTestApp
let guide: string
let manager: string
let otherGuide: string
const today = todayInCapeTown()
const tomorrow = addDays(today, 1)
const closed = addDays(today, -(GUIDE_MANIFEST_DAYS_AFTER + 1))
const stillOpen = addDays(today, -GUIDE_MANIFEST_DAYS_AFTER)
/** The clock the staff API reads: 07:00 in Cape Town today, before the 09:00 start. */
let clock = new Date(`${today}T07:00:00+02:00`)
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

const booking = (id: string, date: string, more: Record<string, unknown> = {}) => ({
  _id: id,
  _type: 'booking',
  booking_ref: `CTX-${id.toUpperCase()}`,
  status: 'confirmed',
  experience_id: 'sunset-cruise',
  experience_title: 'Sunset Cruise',
  date,
  pax_total: 2,
  name: `Traveller ${id}`,
  email: `${id}@example.com`,
  phone: '+27 82 555 0101',
  notes: 'One of us is vegetarian.',
  created_at: '2026-11-01T10:00:00Z',
  ...more,
})

const departure = (date: string, guides: string[], experience = 'sunset-cruise') => ({
  _id: departureLockId(experience, date),
  _type: 'departure',
  experience_id: experience,
  date,
  guide_ids: guides,
})

beforeAll(async () => {
  lake = await startTestLake()
  const tx = bookings().transaction()
  for (const member of testStaffMembers(['owner', 'manager', 'staff', 'guide']))
    tx.createOrReplace(member)
  tx.createOrReplace({
    ...testStaffMembers(['guide'])[0]!,
    _id: 'staffMember.other-guide',
    name: 'Sam Other',
    email: 'other@team.example',
  })
  for (const date of [today, tomorrow, closed, stillOpen])
    tx.createOrReplace(departure(date, ['staffMember.test-guide']))
  tx.createOrReplace(departure(today, ['staffMember.other-guide'], 'table-mountain-hike'))
  tx.createOrReplace(booking('today1', today))
  tx.createOrReplace(booking('today2', today, {status: 'new'}))
  tx.createOrReplace(booking('tomorrow1', tomorrow, {language: 'de'}))
  tx.createOrReplace(booking('closed1', closed))
  tx.createOrReplace(booking('open1', stillOpen))
  tx.createOrReplace(
    booking('hike1', today, {experience_id: 'table-mountain-hike', experience_title: 'Hike'}),
  )
  await tx.commit()
  await lake.client({token: lake.secrets.writeToken}).createOrReplace({
    _id: 'experience-sunset',
    _type: 'experience',
    title: 'Sunset Cruise',
    slug: {_type: 'slug', current: 'sunset-cruise'},
    startTime: '09:00',
    meetingPoint: {
      name: 'Quay 5 ticket kiosk',
      address: 'V&A Waterfront, Cape Town',
      location: {lat: -33.9, lng: 18.42},
    },
  })
  staff = staffTestApp(lake, {
    now: () => clock,
    content: lake.client({token: lake.secrets.writeToken, perspective: 'published'}),
  })
  guide = await staff.signIn('guide')
  manager = await staff.signIn('manager')
  const signedIn = await staff.request('/session', {
    method: 'POST',
    body: JSON.stringify({email: 'other@team.example', password: 'a long staff password'}),
  })
  otherGuide = /staff_session=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')![1]!
}, 60_000)

afterAll(async () => {
  await lake?.stop()
})

beforeEach(() => {
  clock = new Date(`${today}T07:00:00+02:00`)
})

const attend = (cookie: string, body: Record<string, unknown>) =>
  staff.request('/attendance', {method: 'POST', cookie, body: JSON.stringify(body)})

describe('the Today view', () => {
  it('shows a guide only the departures they guide, today and tomorrow, with the meeting point', async () => {
    const response = await staff.request('/today', {cookie: guide})
    expect(response.status).toBe(200)
    const answer = (await response.json()) as TodayAnswer
    expect(answer.today).toBe(today)
    expect(answer.departures.map((d) => [d.date, d.experience_id])).toEqual([
      [today, 'sunset-cruise'],
      [tomorrow, 'sunset-cruise'],
    ])
    const [first] = answer.departures
    // Confirmed travellers only: the request still waiting is not on the manifest.
    expect(first!.travellers.map((t) => t._id)).toEqual(['today1'])
    expect(first!.start).toBe('09:00')
    expect(first!.meeting_point).toEqual({
      words: 'Quay 5 ticket kiosk, V&A Waterfront, Cape Town',
      map: 'https://www.google.com/maps/search/?api=1&query=-33.9%2C18.42',
    })
    expect(first!.travellers[0]).toMatchObject({
      language: 'English',
      notes: 'One of us is vegetarian.',
      notes_at: '2026-11-01T10:00:00Z',
      attendance: null,
    })
  })

  it('gives a guide the phones on the day only; a manager always', async () => {
    const answer = (await (await staff.request('/today', {cookie: guide})).json()) as TodayAnswer
    expect(answer.departures[0]!.travellers[0]!.phone).toBe('+27 82 555 0101')
    expect(answer.departures[1]!.date).toBe(tomorrow)
    expect(answer.departures[1]!.travellers[0]).not.toHaveProperty('phone')
    // A booking's language code in words (the desk records one; English when a booking has none).
    expect(answer.departures[1]!.travellers[0]!.language).toBe('German')
    const managers = (await (
      await staff.request('/today', {cookie: manager})
    ).json()) as TodayAnswer
    // Every departure for a manager, the hike a guide does not guide included, phones on both days.
    expect(managers.departures.map((d) => [d.date, d.experience_id])).toEqual([
      [today, 'sunset-cruise'],
      [today, 'table-mountain-hike'],
      [tomorrow, 'sunset-cruise'],
    ])
    expect(managers.departures[2]!.travellers[0]!.phone).toBe('+27 82 555 0101')
  })

  it('refuses a guide a manifest they do not guide (403), and one past its days', async () => {
    const other = await staff.request(`/manifest?experience=table-mountain-hike&date=${today}`, {
      cookie: guide,
    })
    expect(other.status).toBe(403)
    expect(((await other.json()) as {detail: string}).detail).toBe(
      'You are not a guide on this departure.',
    )
    const past = await staff.request(`/manifest?experience=sunset-cruise&date=${closed}`, {
      cookie: guide,
    })
    expect(past.status).toBe(403)
    const open = await staff.request(`/manifest?experience=sunset-cruise&date=${stillOpen}`, {
      cookie: guide,
    })
    expect(open.status).toBe(200)
    const manifest = (await open.json()) as {travellers: {_id: string; phone?: string}[]}
    expect(manifest.travellers.map((t) => t._id)).toEqual(['open1'])
    expect(manifest.travellers[0]).not.toHaveProperty('phone')
    // A manager reads any manifest, old ones included.
    expect(
      (await staff.request(`/manifest?experience=sunset-cruise&date=${closed}`, {cookie: manager}))
        .status,
    ).toBe(200)
    // Staff (the office desk) have the departures view, not the guides' day.
    const desk = await staff.signIn('staff')
    expect((await staff.request('/today', {cookie: desk})).status).toBe(403)
  })

  it('gives a guide neither the departures view nor its CSV any more', async () => {
    expect(
      (await staff.request(`/departures?from=${today}&to=${today}`, {cookie: guide})).status,
    ).toBe(403)
  })
})

describe('check-in', () => {
  it('refuses a guide not on the departure (403) and stores nothing', async () => {
    const response = await attend(otherGuide, {booking: 'today1', state: 'came'})
    expect(response.status).toBe(403)
    expect((await bookings().getDocument('today1'))?.attendance).toBeUndefined()
  })

  it('refuses bad input with a 400 and stores nothing', async () => {
    for (const body of [
      {booking: 'today1', state: 'maybe'},
      {state: 'came'},
      {booking: 'today1', token: 'x', state: 'came'},
      {token: 'not-a-ticket', state: 'came'},
    ])
      expect((await attend(guide, body)).status, JSON.stringify(body)).toBe(400)
    // A private request link is no ticket: another purpose, another signature.
    const link = requestLinkToken(TEST_LINK_SECRET, 'today1', new Date(`${tomorrow}T12:00:00Z`))
    expect((await attend(guide, {token: link, state: 'came'})).status).toBe(400)
    expect((await bookings().getDocument('today1'))?.attendance).toBeUndefined()
  })

  it('stores a check-in once, with who and when; the second says already, even from two at once', async () => {
    const token = requestLinkToken(
      TEST_LINK_SECRET,
      'today1',
      new Date(`${tomorrow}T12:00:00Z`),
      'check-in',
    )
    const [a, b] = await Promise.all([
      attend(guide, {token, state: 'came'}),
      attend(manager, {booking: 'today1', state: 'came'}),
    ])
    const answers = [(await a.json()) as AttendanceAnswer, (await b.json()) as AttendanceAnswer]
    expect([a.status, b.status]).toEqual([200, 200])
    expect(answers.map((x) => x.outcome).sort()).toEqual(['already', 'recorded'])
    const stored = (await bookings().getDocument('today1'))?.attendance as Record<string, string>
    const winner = answers.find((x) => x.outcome === 'recorded')!
    expect(stored).toEqual(winner.attendance)
    expect(stored.state).toBe('came')
    expect(stored.at).toBe(clock.toISOString())
    expect(['Pat guide', 'Pat manager']).toContain(stored.by)
    const revision = (await bookings().getDocument('today1'))?._rev
    // Sent again (a queued request replayed): already, nothing changes, not even to a no-show later.
    const again = await attend(guide, {booking: 'today1', state: 'came'})
    expect(((await again.json()) as AttendanceAnswer).outcome).toBe('already')
    clock = new Date(`${today}T10:00:00+02:00`)
    const noShow = (await (
      await attend(guide, {booking: 'today1', state: 'no-show'})
    ).json()) as AttendanceAnswer
    expect(noShow.outcome).toBe('already')
    expect(noShow.attendance.state).toBe('came')
    expect((await bookings().getDocument('today1'))?._rev).toBe(revision)
  })

  it('stores one check-in when the same one reaches two site servers at once, twice each', async () => {
    await bookings().createOrReplace(booking('twice1', today))
    const second = staffTestApp(lake, {
      now: () => clock,
      content: lake.client({token: lake.secrets.writeToken, perspective: 'published'}),
    })
    const guideOnSecond = await second.signIn('guide')
    const send = (app: StaffTestApp, cookie: string) =>
      app.request('/attendance', {
        method: 'POST',
        cookie,
        body: JSON.stringify({booking: 'twice1', state: 'came'}),
      })
    const answers = await Promise.all([
      send(staff, guide),
      send(second, guideOnSecond),
      send(staff, guide),
      send(second, guideOnSecond),
    ])
    const bodies = await Promise.all(answers.map(async (a) => (await a.json()) as AttendanceAnswer))
    expect(bodies.map((b) => b.outcome).sort()).toEqual([
      'already',
      'already',
      'already',
      'recorded',
    ])
    // Every answer names the one stored check-in, and the booking holds exactly it.
    const stored = (await bookings().getDocument('twice1'))?.attendance
    for (const body of bodies) expect(body.attendance).toEqual(stored)
  })

  it('records a no-show only after the start, and not on another day', async () => {
    await bookings().createOrReplace(booking('late1', today))
    const early = await attend(guide, {booking: 'late1', state: 'no-show'})
    expect(early.status).toBe(409)
    clock = new Date(`${today}T09:01:00+02:00`)
    const after = (await (
      await attend(guide, {booking: 'late1', state: 'no-show'})
    ).json()) as AttendanceAnswer
    expect(after).toMatchObject({
      outcome: 'recorded',
      attendance: {state: 'no-show', by: 'Pat guide'},
    })
    // A late arrival is still checked in over the no-show.
    const came = (await (
      await attend(guide, {booking: 'late1', state: 'came'})
    ).json()) as AttendanceAnswer
    expect(came).toMatchObject({outcome: 'recorded', attendance: {state: 'came'}})
    // Tomorrow's traveller cannot be checked in today; a closed manifest's not at all.
    expect((await attend(guide, {booking: 'tomorrow1', state: 'came'})).status).toBe(409)
    expect((await attend(guide, {booking: 'closed1', state: 'came'})).status).toBe(403)
    expect((await bookings().getDocument('tomorrow1'))?.attendance).toBeUndefined()
  })
})

describe('attendance in the departures view and its CSV', () => {
  it('shows who came, by whom and when, to the office', async () => {
    const range = `from=${today}&to=${today}`
    const view = (await (
      await staff.request(`/departures?${range}`, {cookie: manager})
    ).json()) as {
      departures: {bookings: {_id: string; attendance?: {state: string; by: string} | null}[]}[]
    }
    const today1 = view.departures.flatMap((d) => d.bookings).find((b) => b._id === 'today1')
    expect(today1?.attendance).toMatchObject({state: 'came'})
    const csv = await (await staff.request(`/departures.csv?${range}`, {cookie: manager})).text()
    const [header, ...lines] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(header!.split(',').at(-1)).toBe('Attendance')
    const line = lines.find((l) => l.includes('CTX-TODAY1'))!
    expect(line).toMatch(/,"Checked in \(Pat (guide|manager), \d{4}-\d{2}-\d{2} 07:00\)"$/)
    expect(lines.find((l) => l.includes('CTX-LATE1'))).toMatch(
      /,"Checked in \(Pat guide, \d{4}-\d{2}-\d{2} 09:01\)"$/,
    )
  })
})
