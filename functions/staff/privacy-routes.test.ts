import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {SecurityIncidentEntry} from '@repo/schemas/security-incidents.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {staffTestApp, testStaffMembers, type StaffTestApp} from './testing/staff-test-app.ts'

/** The subscribers' export and the security-incident register, through the staff routes with the real lake. */
let lake: TestLake
let request: StaffTestApp['request']
let signIn: StaffTestApp['signIn']
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

beforeAll(async () => {
  lake = await startTestLake()
  const tx = bookings().transaction()
  for (const member of testStaffMembers(['owner', 'manager', 'staff', 'guide']))
    tx.createOrReplace(member)
  const signup = (email: string, status: string, name = 'Reader') => ({
    _id: `newsletter-${Buffer.from(email).toString('hex').slice(0, 40).padEnd(40, '0')}`,
    _type: 'newsletterSignup',
    email,
    name,
    consent: true,
    status,
    confirmed_at: status === 'pending' ? undefined : '2026-11-20T08:00:00Z',
    consent_record: {
      version: 'abcdef0123456789',
      agreed_at: '2026-11-20T07:59:00Z',
      checkboxes: [],
    },
  })
  tx.createOrReplace(signup('confirmed@example.com', 'confirmed', '=HYPERLINK("x")'))
  tx.createOrReplace(signup('pending@example.com', 'pending'))
  tx.createOrReplace(signup('left@example.com', 'unsubscribed'))
  // From before the confirmation mail: no status, no consent record, the box ticked when it was made.
  tx.createOrReplace({
    _id: 'newsletter-earlier',
    _type: 'newsletterSignup',
    email: 'earlier@example.com',
    name: 'Early Reader',
    consent: true,
    consented_at: '2026-06-01T10:00:00Z',
  })
  await tx.commit()
  ;({request, signIn} = staffTestApp(lake))
}, 30_000)

afterAll(async () => {
  await lake?.stop()
})

const activity = (kind: string) =>
  bookings().fetch<{personName: string; summary: string}[]>(
    '*[_type == "staffActivity" && kind == $kind] | order(at asc){personName, summary}',
    {kind},
  )
const incidents = () => bookings().fetch<number>('count(*[_type == "securityIncident"])')

describe('the confirmed subscribers’ CSV', () => {
  it('lists only confirmed addresses, safe for spreadsheets, for managers only, and logs who exported it', async () => {
    const manager = await signIn('manager')
    const response = await request('/subscribers.csv', {cookie: manager})
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    // The BOM, so spreadsheets read UTF-8 names right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const csv = new TextDecoder().decode(bytes)
    expect(csv.split('\r\n')).toEqual([
      'Email,Name,Confirmed (Cape Town time),Privacy notice version',
      'earlier@example.com,Early Reader,2026-06-01 12:00,',
      `confirmed@example.com,"'=HYPERLINK(""x"")",2026-11-20 10:00,abcdef0123456789`,
      '',
    ])
    expect(await activity('subscribers-export')).toEqual([
      {personName: 'Pat manager', summary: 'Exported the confirmed newsletter subscribers as CSV'},
    ])
    for (const role of ['staff', 'guide'] as const) {
      const refused = await request('/subscribers.csv', {cookie: await signIn(role)})
      expect(refused.status).toBe(403)
    }
    expect(await activity('subscribers-export')).toHaveLength(1)
  })
})

describe('the security-incident register', () => {
  const entry = {
    occurredOn: '2026-11-18',
    discoveredOn: '2026-11-18',
    severity: 'high',
    dataCategories: ['contact', 'trip'],
    description: 'A laptop with an export of bookings was stolen from a car.',
    affected: 'Travellers with trips in December.',
    peopleAffectedCount: '40',
    actionsTaken:
      'The laptop’s disk is encrypted; its sessions were ended and the password changed.',
    state: 'open',
    closedOn: '',
    regulatorToldOn: '',
    peopleToldOn: '',
  }

  it('records an entry with who made it, lets another manager update it at its revision, and logs both', async () => {
    const manager = await signIn('manager')
    const created = await request('/incidents', {
      method: 'POST',
      cookie: manager,
      body: JSON.stringify(entry),
    })
    expect(created.status).toBe(201)
    const list = async (cookie: string) =>
      (
        (await (await request('/incidents', {cookie})).json()) as {
          incidents: SecurityIncidentEntry[]
        }
      ).incidents
    const [stored] = await list(manager)
    expect(stored).toMatchObject({
      occurredOn: '2026-11-18',
      discoveredOn: '2026-11-18',
      severity: 'high',
      dataCategories: ['contact', 'trip'],
      peopleAffectedCount: 40,
      actionsTaken: entry.actionsTaken,
      state: 'open',
      closedOn: null,
      description: entry.description,
      regulatorToldOn: null,
      peopleToldOn: null,
      history: [{change: 'recorded', by: {id: 'staffMember.test-manager', name: 'Pat manager'}}],
    })

    const owner = await signIn('owner')
    const changed = await request(`/incidents/${stored!._id}`, {
      method: 'PATCH',
      cookie: owner,
      body: JSON.stringify({
        revision: stored!._rev,
        incident: {
          ...entry,
          regulatorToldOn: '2026-11-19',
          peopleToldOn: '2026-11-20',
          state: 'closed',
          closedOn: '2026-11-25',
        },
      }),
    })
    expect(changed.status).toBe(200)
    const [after] = await list(owner)
    expect(after).toMatchObject({
      regulatorToldOn: '2026-11-19',
      peopleToldOn: '2026-11-20',
      state: 'closed',
      closedOn: '2026-11-25',
    })
    expect(after!.history.map((change) => [change.change, change.by.name])).toEqual([
      ['recorded', 'Pat manager'],
      ['updated', 'Pat owner'],
    ])
    // A change made from the old revision would overwrite the owner's: refused.
    const stale = await request(`/incidents/${stored!._id}`, {
      method: 'PATCH',
      cookie: manager,
      body: JSON.stringify({revision: stored!._rev, incident: entry}),
    })
    expect(stale.status).toBe(409)
    expect((await list(owner))[0]).toMatchObject({regulatorToldOn: '2026-11-19'})
    expect((await activity('incident')).map((a) => [a.personName, a.summary])).toEqual([
      ['Pat manager', 'Recorded a security incident of 2026-11-18'],
      ['Pat owner', 'Changed the security incident of 2026-11-18'],
    ])
  })

  it.each([
    ['no description', {...entry, description: '   '}],
    ['a date that is not one', {...entry, occurredOn: '2026-02-30'}],
    ['told before it happened', {...entry, regulatorToldOn: '2026-11-01'}],
    ['an unknown field', {...entry, priority: 'high'}],
    ['no severity', {...entry, severity: undefined}],
    ['a severity not in the list', {...entry, severity: 'apocalyptic'}],
    ['no data categories', {...entry, dataCategories: []}],
    ['a category not in the list', {...entry, dataCategories: ['passwords']}],
    ['discovered before it happened', {...entry, discoveredOn: '2026-11-17'}],
    ['a count that is not a whole number', {...entry, peopleAffectedCount: '4.5'}],
    ['a negative count', {...entry, peopleAffectedCount: -1}],
    ['nothing said of what was done', {...entry, actionsTaken: ''}],
    ['closed without a date', {...entry, state: 'closed'}],
    ['open with a closing date', {...entry, closedOn: '2026-11-20'}],
    ['a state not in the list', {...entry, state: 'pending'}],
    ['bidi controls', {...entry, affected: 'Everyone \u202Eenoyreve'}],
    ['too long', {...entry, description: 'x'.repeat(4001)}],
    ['an array', [entry]],
  ])('refuses %s with a clear 400 and stores nothing', async (_, body) => {
    const before = await incidents()
    const response = await request('/incidents', {
      method: 'POST',
      cookie: await signIn('manager'),
      body: JSON.stringify(body),
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as {detail: string}).detail).toMatch(/^[A-Z].+\.$/)
    expect(await incidents()).toBe(before)
  })

  it('is closed to staff and guides, and to unknown ids', async () => {
    for (const role of ['staff', 'guide'] as const) {
      const cookie = await signIn(role)
      expect((await request('/incidents', {cookie})).status).toBe(403)
      expect(
        (await request('/incidents', {method: 'POST', cookie, body: JSON.stringify(entry)})).status,
      ).toBe(403)
    }
    const manager = await signIn('manager')
    const missing = await request('/incidents/securityIncident.000000000000000000000000', {
      method: 'PATCH',
      cookie: manager,
      body: JSON.stringify({revision: 'abc', incident: entry}),
    })
    expect(missing.status).toBe(404)
    const notAnId = await request('/incidents/booking-1', {
      method: 'PATCH',
      cookie: manager,
      body: JSON.stringify({revision: 'abc', incident: entry}),
    })
    expect(notAnId.status).toBe(404)
  })
})
