/**
 * Guides and a resource for a departure (docs/decisions/239-assignments-on-the-departure-lock.md), through the staff
 * API on the real lake: who may assign, bad input refused with nothing stored, a guide or a boat on two departures
 * at once refused by name, too few guides flagged, the activity log naming the person, and each guide's invitation
 * (and its cancellation) sent once through the outbox on a real SMTP listener, whichever of two servers sends.
 */
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {departureLockId} from '@repo/schemas/capacity.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createOutbox, smtpTransport} from '../lib/mailer.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {staffMemberDocument} from './staff-accounts.ts'
import {staffTestApp, testStaffMembers, type StaffTestApp} from './testing/staff-test-app.ts'

const CRUISE = 'sunset-cruise'
const CHARTER = 'private-charter'
const DATE = '2030-02-01'
const NOW = new Date('2030-01-20T08:00:00Z')

let lake: TestLake
let staff: StaffTestApp
const cookies: Record<string, string> = {}

const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

const guide = (id: string, name: string, state: 'active' | 'deactivated' = 'active') => ({
  ...staffMemberDocument({
    _id: id,
    name,
    email: `${id.replace(/\W/g, '')}@team.example`,
    role: 'guide',
    password: 'a long guide password',
    now: NOW,
  }),
  state,
})

const assign = (body: unknown, role = 'manager') =>
  staff.request('/departures/assignment', {
    method: 'POST',
    cookie: cookies[role]!,
    body: JSON.stringify(body),
  })

const lock = (slug: string, date = DATE) => bookings().getDocument(departureLockId(slug, date))
const guideMails = () =>
  bookings().fetch<
    {to: string; subject: string; calendar_method?: string; calendar?: string; about: string}[]
  >(
    '*[_type == "outboxMail" && mail_id match "guide-*"] | order(queued_at asc, to asc){to, subject, calendar_method, calendar, about}',
  )

beforeAll(async () => {
  lake = await startTestLake()
  const content = lake.client({token: lake.secrets.rootToken})
  const tx = content.transaction()
  for (const [id, slug, title] of [
    ['exp-cruise', CRUISE, 'Sunset Cruise'],
    ['exp-charter', CHARTER, 'Private Charter'],
  ] as const) {
    tx.createOrReplace({_id: id, _type: 'experience', title, slug: {_type: 'slug', current: slug}})
    tx.createOrReplace({
      _id: `settings-${slug}`,
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: id},
      minPax: 1,
      maxPax: 10,
      leadTimeDays: 1,
      capacity: 20,
      travellersPerGuide: 4,
    })
  }
  tx.createOrReplace({
    _id: 'resource-heron',
    _type: 'resource',
    name: 'Blue Heron',
    seats: 20,
    experiences: [
      {_key: 'a', _type: 'reference', _ref: 'exp-cruise'},
      {_key: 'b', _type: 'reference', _ref: 'exp-charter'},
    ],
  })
  tx.createOrReplace({_id: 'resource-land', _type: 'resource', name: 'Land Cruiser', seats: 8})
  await tx.commit()
  const setup = bookings().transaction()
  for (const member of testStaffMembers(['owner', 'manager', 'staff', 'guide']))
    setup.createOrReplace(member)
  setup.createOrReplace(guide('staffMember.sipho', 'Sipho Ndlovu'))
  setup.createOrReplace(guide('staffMember.anna', 'Anna de Wet'))
  setup.createOrReplace(guide('staffMember.gone', 'Gone Guide', 'deactivated'))
  setup.createOrReplace({
    _id: 'b-cruise',
    _type: 'booking',
    booking_ref: 'CTE-B1',
    status: 'confirmed',
    experience_id: CRUISE,
    date: DATE,
    pax_total: 5,
    name: 'Traveller',
    email: 't@example.com',
  })
  await setup.commit()
  staff = staffTestApp(lake, {content: lake.client({perspective: 'published'}), now: () => NOW})
  for (const role of ['owner', 'manager', 'staff', 'guide'] as const)
    cookies[role] = await staff.signIn(role)
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

describe('assigning guides and a resource', () => {
  it('staff and guides may not assign; owners and managers may see the choices', async () => {
    const body = {experience: CRUISE, date: DATE, guideIds: ['staffMember.sipho'], resourceId: null}
    expect((await assign(body, 'staff')).status).toBe(403)
    expect((await assign(body, 'guide')).status).toBe(403)
    expect(await lock(CRUISE)).toBeUndefined()
    const choices = await staff.request('/departures/assignment-choices', {cookie: cookies.owner!})
    expect(choices.status).toBe(200)
    const {guides, resources} = (await choices.json()) as {
      guides: {name: string}[]
      resources: {name: string}[]
    }
    // Active guides only, by name; every resource.
    expect(guides.map((g) => g.name)).toEqual(['Anna de Wet', 'Pat guide', 'Sipho Ndlovu'])
    expect(resources.map((r) => r.name)).toEqual(['Blue Heron', 'Land Cruiser'])
    expect(
      (await staff.request('/departures/assignment-choices', {cookie: cookies.staff!})).status,
    ).toBe(403)
  })

  it('bad input gets a 400 naming the problem and stores nothing', async () => {
    const cases: [unknown, string][] = [
      [
        {experience: CRUISE, guideIds: [], resourceId: null},
        'Give the departure’s date as yyyy-MM-dd.',
      ],
      [
        {experience: CRUISE, date: '2030-02-30', guideIds: [], resourceId: null},
        'Give the departure’s date as yyyy-MM-dd.',
      ],
      [
        {experience: CRUISE, date: DATE, guideIds: ['x', 'x'], resourceId: null},
        'Choose each guide once.',
      ],
      [
        {experience: CRUISE, date: DATE, guideIds: ['staffMember.test-staff'], resourceId: null},
        'Pat staff is not an active guide.',
      ],
      [
        {experience: CRUISE, date: DATE, guideIds: ['staffMember.gone'], resourceId: null},
        'Gone Guide is not an active guide.',
      ],
      [
        {experience: CRUISE, date: DATE, guideIds: [], resourceId: 'resource-nope'},
        'Choose a resource from the list.',
      ],
      [
        {experience: CRUISE, date: DATE, guideIds: [], resourceId: null, extra: 1},
        'Send the departure, its guides and its resource only.',
      ],
    ]
    for (const [body, error] of cases) {
      const response = await assign(body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect(((await response.json()) as {detail?: string; error?: string}).detail ?? '').toContain(
        error,
      )
    }
    expect(
      (await assign({experience: 'no-such-trip', date: DATE, guideIds: [], resourceId: null}))
        .status,
    ).toBe(404)
    expect(await lock(CRUISE)).toBeUndefined()
    expect(await guideMails()).toEqual([])
  })

  it('stores the assignment on the departure lock, flags too few guides, logs who did it and queues the invitation', async () => {
    const response = await assign({
      experience: CRUISE,
      date: DATE,
      guideIds: ['staffMember.sipho'],
      resourceId: 'resource-heron',
    })
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, any>
    expect(body.assignment).toMatchObject({
      guides: [{id: 'staffMember.sipho', name: 'Sipho Ndlovu'}],
      resource: {id: 'resource-heron', name: 'Blue Heron', seats: 20},
      by: 'Pat manager',
    })
    // 5 confirmed travellers, one guide per 4.
    expect(body.warnings).toEqual(['Needs 2 guides for 5 travellers; 1 assigned.'])
    expect(await lock(CRUISE)).toMatchObject({
      _type: 'departure',
      experience_id: CRUISE,
      date: DATE,
      guide_ids: ['staffMember.sipho'],
      resource_id: 'resource-heron',
      assigned_by: 'Pat manager',
      assigned_by_id: 'staffMember.test-manager',
      assigned_at: NOW.toISOString(),
    })
    const mails = await guideMails()
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({
      to: 'staffmembersipho@team.example',
      subject: 'You are guiding Sunset Cruise on Friday 1 February 2030',
      calendar_method: 'REQUEST',
    })
    expect(mails[0]!.calendar).toContain('BEGIN:VCALENDAR')
    expect(mails[0]!.calendar).toContain('METHOD:REQUEST')
    const activity = await bookings().fetch<{personName: string; kind: string; summary: string}[]>(
      '*[_type == "staffActivity" && kind == "departure-assigned"]{personName, kind, summary}',
    )
    expect(activity).toEqual([
      {
        personName: 'Pat manager',
        kind: 'departure-assigned',
        summary: 'Assigned Sipho Ndlovu and Blue Heron to Sunset Cruise on 2030-02-01',
      },
    ])
  })

  it('refuses a guide or the boat already on another departure that day, by name, and changes nothing', async () => {
    const guideTwice = await assign({
      experience: CHARTER,
      date: DATE,
      guideIds: ['staffMember.anna', 'staffMember.sipho'],
      resourceId: null,
    })
    expect(guideTwice.status).toBe(409)
    expect(((await guideTwice.json()) as {detail: string}).detail).toBe(
      'Sipho Ndlovu is already guiding Sunset Cruise on Friday 1 February 2030.',
    )
    const boatTwice = await assign({
      experience: CHARTER,
      date: DATE,
      guideIds: ['staffMember.anna'],
      resourceId: 'resource-heron',
    })
    expect(boatTwice.status).toBe(409)
    expect(((await boatTwice.json()) as {detail: string}).detail).toBe(
      'Blue Heron is already assigned to Sunset Cruise on Friday 1 February 2030.',
    )
    expect(await lock(CHARTER)).toBeUndefined()
    // Another day is free.
    expect(
      (
        await assign({
          experience: CHARTER,
          date: '2030-02-02',
          guideIds: ['staffMember.sipho'],
          resourceId: 'resource-heron',
        })
      ).status,
    ).toBe(200)
  })

  it('a guide taken off gets the cancellation, once, on a real SMTP listener, whichever of two servers sends', async () => {
    const response = await assign({
      experience: CRUISE,
      date: DATE,
      guideIds: ['staffMember.anna'],
      resourceId: 'resource-land',
    })
    expect(response.status).toBe(200)
    expect((await response.json()) as Record<string, unknown>).toMatchObject({
      warnings: ['Needs 2 guides for 5 travellers; 1 assigned.'],
    })
    // The same assignment sent again (a double click) changes no one: no more mail.
    expect(
      (
        await assign({
          experience: CRUISE,
          date: DATE,
          guideIds: ['staffMember.anna'],
          resourceId: 'resource-land',
        })
      ).status,
    ).toBe(200)
    const about = departureLockId(CRUISE, DATE)
    const queued = (await guideMails()).filter((m) => m.about === about)
    expect(queued.map((m) => `${m.to} ${m.calendar_method}`).sort()).toEqual([
      'staffmemberanna@team.example REQUEST',
      'staffmembersipho@team.example CANCEL',
      'staffmembersipho@team.example REQUEST',
    ])
    const smtp = await startSmtpListener()
    try {
      const servers = [1, 2].map(() =>
        createOutbox({
          bookings: bookings(),
          transport: smtpTransport(`smtp://127.0.0.1:${smtp.port}`),
          from: 'team@example.com',
          now: () => NOW.getTime() + 60_000,
          onError: () => {},
        }),
      )
      await Promise.all(servers.map((server) => server.sendAbout(about)))
      await Promise.all(servers.map((server) => server.sendAbout(about)))
      expect(smtp.received).toHaveLength(3)
      const cancellation = smtp.received.find((m) => m.raw.includes('METHOD:CANCEL'))
      expect(cancellation?.to).toEqual(['staffmembersipho@team.example'])
      expect(cancellation?.raw).toContain(
        'No longer guiding: Sunset Cruise on Friday 1 February 2030',
      )
      expect(cancellation?.raw).toContain('text/calendar')
    } finally {
      await smtp.close()
    }
  })
})
