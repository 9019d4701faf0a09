import {cleanup, fireEvent, render, screen, waitFor, within} from '@testing-library/react'
import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {MemoryRouter, useLocation} from 'react-router-dom'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {staffActionsOf, type StaffRole} from '@repo/schemas/staff-roles.ts'

import type {BookingList, StaffBooking} from '@repo/schemas/staff-bookings.ts'
import {problemBody} from '@repo/schemas/problem.ts'
import {AdminDashboard} from './admin-dashboard'
import {mailtoHref} from './booking-details-dialog'

const booking: StaffBooking = {
  _id: 'booking-1',
  _rev: 'rev-1',
  booking_ref: 'CTX-0001',
  status: 'new',
  created_at: '2026-11-21T14:05:00Z',
  experience_title: 'Sunset Cruise',
  date: '2026-12-10',
  pax_adults: 2,
  pax_children: 1,
  pax_total: 3,
  name: '<img src=x onerror=alert(1)>',
  email: 'anna@example.com',
  phone: '',
  notes: '<b>Vegetarian</b>',
}

/** Received on Friday afternoon and still `new` on Monday: the server flags it and lists it first. */
const waiting: StaffBooking = {
  ...booking,
  _id: 'booking-2',
  booking_ref: 'CTX-0002',
  created_at: '2026-11-20T13:00:00Z',
  name: 'Ben Okafor',
  waiting_too_long: true,
  waiting_hours: 6,
}

const list = (bookings: StaffBooking[]): BookingList => ({
  bookings,
  page: 1,
  pageSize: 25,
  hasMore: false,
  summary: {
    total: bookings.length,
    new: bookings.length,
    contacted: 0,
    confirmed: 0,
    pax: 3 * bookings.length,
    waiting: bookings.filter((b) => b.waiting_too_long).length,
  },
  experiences: ['Sunset Cruise'],
  responseTargetHours: 4,
})

function respond(status: number, body: unknown) {
  return Promise.resolve(new Response(body === null ? null : JSON.stringify(body), {status}))
}

const mailLog = (travellerStatus: 'failed' | 'pending') => ({
  mail: [
    {
      mail_id: 'booking-1-team',
      to: 'team@example.com',
      subject: 'New booking request CTX-0001',
      status: 'sent',
      attempts: 1,
      queued_at: '2026-11-21T14:05:00Z',
      next_attempt_at: '2026-11-21T14:05:00Z',
      sent_at: '2026-11-21T14:05:02Z',
    },
    {
      mail_id: 'booking-1-traveller',
      to: 'anna@example.com',
      subject: 'Your booking request CTX-0001',
      status: travellerStatus,
      attempts: 9,
      queued_at: '2026-11-21T14:05:00Z',
      next_attempt_at: '2026-11-24T14:05:00Z',
      last_error: 'Error: 550 5.1.1 no such user',
    },
  ],
})

let unlocked = false
let patchStatus = 200
let travellerMail: 'failed' | 'pending' = 'failed'
let listed: StaffBooking[] = [booking]
/** The staff API's list requests, as the server received them. */
let listRequests: URLSearchParams[] = []
/** What `GET /api/staff/departures` answers. */
let departuresListed: unknown[] = []
/** The Today view's traveller's check-in, once `POST /api/staff/attendance` stored it. */
let checkedIn: {state: 'came'; at: string; by: string; by_id: string} | null = null

/** The signed-in person's role, as the server answers it with what the role may do. */
let role: StaffRole = 'owner'
/** The first owner before giving a name and address: `PUT /api/staff/profile` gives them. */
let unnamed = false
const sessionBody = () => ({
  person: unnamed
    ? {id: 'staffMember.owner', name: 'Owner', email: null, role}
    : {id: 'staffMember.test', name: 'Pat Jones', email: 'pat@team.example', role},
  actions: unnamed ? [] : staffActionsOf(role),
  secondStep: {enabled: false, setupRequired: false},
  profile: {required: unnamed},
})

beforeEach(() => {
  role = 'owner'
  unnamed = false
  unlocked = false
  listed = [booking]
  listRequests = []
  departuresListed = []
  checkedIn = null
  patchStatus = 200
  travellerMail = 'failed'
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      if (url === '/api/staff/session' && method === 'POST') {
        const {password, code} = JSON.parse(String(init?.body)) as {password: string; code?: string}
        // A person with a second step: the right password asks for the code, then signs in with it.
        if (password === 'two-step') {
          if (code !== '123456')
            return respond(
              401,
              problemBody(
                401,
                code ? 'That code is not right, or was used already.' : 'Enter the code.',
                {secondStep: 'code'},
              ),
            )
          unlocked = true
          return respond(200, sessionBody())
        }
        unlocked = password === 'right'
        return respond(
          unlocked ? 200 : 401,
          unlocked ? sessionBody() : problemBody(401, 'Wrong email or password.'),
        )
      }
      if (url === '/api/staff/password' && method === 'POST')
        return respond(200, {email: 'pat@team.example', removedPasskeys: 2})
      if (!unlocked) return respond(401, problemBody(401, 'Staff session required'))
      if (url === '/api/staff/session') return respond(200, sessionBody())
      if (url === '/api/staff/profile' && method === 'PUT') {
        const {name, email} = JSON.parse(String(init?.body)) as {name: string; email: string}
        if (email === 'taken@team.example')
          return respond(409, problemBody(409, 'Another account uses that address: give your own.'))
        unnamed = !(name && email)
        return respond(200, {person: sessionBody().person})
      }
      if (url.startsWith('/api/staff/bookings') && !staffActionsOf(role).includes('bookings.read'))
        return respond(403, problemBody(403, 'Your role does not allow this.'))
      if (url === '/api/staff/people')
        return staffActionsOf(role).includes('people.manage')
          ? respond(200, {
              requireSecondStep: false,
              people: [
                {
                  _id: 'staffMember.test',
                  name: 'Pat Jones',
                  email: 'pat@team.example',
                  role,
                  state: 'active',
                  joined: true,
                },
                {
                  _id: 'staffMember.sam',
                  name: 'Sam Naidoo',
                  email: 'sam@team.example',
                  role: 'guide',
                  state: 'active',
                  joined: true,
                  secondStep: true,
                },
                {
                  _id: 'staffMember.noor',
                  name: 'Noor Khan',
                  email: 'noor@team.example',
                  role: 'staff',
                  state: 'active',
                  joined: true,
                  secondStep: false,
                },
                {
                  _id: 'staffMember.lindiwe',
                  name: 'Lindiwe Dube',
                  email: 'lindiwe@team.example',
                  role: 'staff',
                  state: 'invited',
                  joined: false,
                },
              ],
            })
          : respond(403, problemBody(403, 'Your role does not allow this.'))
      if (url.startsWith('/api/staff/activity'))
        return respond(200, {
          limit: 200,
          activity: [
            {
              _id: 'a1',
              at: '2026-11-21T12:05:00Z',
              personId: 'staffMember.sam',
              personName: 'Sam Naidoo',
              kind: 'status',
              summary: 'Changed the status to contacted',
              bookingId: 'booking-1',
              bookingRef: 'CTX-0001',
            },
          ],
        })
      if (url === '/api/staff/today')
        return respond(200, {
          today: '2026-12-01',
          departures: [
            {
              experience_id: 'sunset-cruise',
              experience_title: 'Sunset Cruise',
              date: '2026-12-01',
              start: '17:30',
              meeting_point: {words: 'Quay 5 ticket kiosk', map: 'https://maps.example/q5'},
              no_show_from: '2026-12-01T15:30:00.000Z',
              travellers: [
                {
                  _id: 'booking-1',
                  booking_ref: 'CTX-0001',
                  name: 'Jane Smith',
                  pax: 2,
                  language: 'English',
                  phone: '+27 82 555 0101',
                  notes: 'Vegetarian',
                  notes_at: '2026-11-20T08:00:00Z',
                  staff_notes: null,
                  staff_notes_by: null,
                  staff_notes_at: null,
                  attendance: checkedIn,
                },
              ],
            },
          ],
        })
      if (url === '/api/staff/attendance' && method === 'POST') {
        const outcome = checkedIn ? 'already' : 'recorded'
        checkedIn ??= {state: 'came', at: '2026-12-01T15:05:00Z', by: 'Pat Jones', by_id: 'x'}
        return respond(200, {
          booking: {_id: 'booking-1', booking_ref: 'CTX-0001', name: 'Jane Smith', pax: 2},
          attendance: checkedIn,
          outcome,
        })
      }
      if (url.startsWith('/api/staff/departures?'))
        return respond(200, {
          from: '2026-12-01',
          to: '2026-12-30',
          includeEmpty: false,
          departures: departuresListed,
        })
      if (url.startsWith('/api/staff/bookings?')) {
        listRequests.push(new URLSearchParams(url.slice(url.indexOf('?'))))
        return respond(200, list(listed))
      }
      if (url === '/api/staff/bookings/booking-1/mail') return respond(200, mailLog(travellerMail))
      if (
        url === '/api/staff/bookings/booking-1/mail/booking-1-traveller/resend' &&
        method === 'POST'
      ) {
        travellerMail = 'pending'
        return respond(200, mailLog(travellerMail))
      }
      if (url.endsWith('/status') && method === 'PATCH') {
        return patchStatus === 200
          ? respond(200, {booking: {...booking, _rev: 'rev-2', status: 'contacted'}})
          : respond(500, problemBody(500, 'boom'))
      }
      return respond(404, problemBody(404, 'Not found'))
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** "14:05" in the test machine's own zone, as the dashboard shows times. */
/** The address bar, for the choices the dashboard keeps in it. */
let shownAddress = ''
function Address() {
  const location = useLocation()
  shownAddress = location.pathname + location.search
  return null
}

function renderDashboard(address = '/admin/bookings') {
  const client = new QueryClient({defaultOptions: {queries: {retry: false}}})
  return render(
    <MemoryRouter initialEntries={[address]}>
      <QueryClientProvider client={client}>
        <AdminDashboard />
        <Address />
      </QueryClientProvider>
    </MemoryRouter>,
  )
}

async function unlock(address?: string) {
  renderDashboard(address)
  await screen.findByRole('heading', {name: 'Admin Access Required'})
  fireEvent.change(screen.getByLabelText('Password'), {target: {value: 'right'}})
  fireEvent.click(screen.getByRole('button', {name: 'Access Dashboard'}))
  await screen.findByRole('heading', {name: 'Booking Management'})
}

describe('admin dashboard', () => {
  it('stays locked with "Wrong email or password" on a wrong password', async () => {
    renderDashboard()
    fireEvent.change(await screen.findByLabelText('Password'), {target: {value: 'wrong'}})
    fireEvent.click(screen.getByRole('button', {name: 'Access Dashboard'}))
    const alert = await screen.findByRole('alert')
    await waitFor(() => expect(alert.textContent).toContain('Wrong email or password'))
    expect(alert.textContent).toContain('Error')
    expect(screen.getByRole('heading', {name: 'Admin Access Required'})).toBeTruthy()
  })

  it('unlocks, shows tiles and the table, and renders HTML in fields as text', async () => {
    await unlock()
    expect(screen.getByRole('status').textContent).toContain('Access granted')
    const row = (await screen.findByRole('rowheader', {name: 'CTX-0001'})).closest('tr')!
    // Stored in UTC, read on Cape Town's clock.
    expect(within(row).getByText('21 Nov 16:05 SAST')).toBeTruthy()
    expect(within(row).getByText('10 Dec 2026')).toBeTruthy()
    expect(within(row).getByText('<img src=x onerror=alert(1)>')).toBeTruthy()
    expect(row.querySelector('img')).toBeNull()
    expect(screen.getByText('Total Pax').nextElementSibling?.textContent).toBe('3')
  })

  it('shows the details dialog with the spec texts and a mail draft link', async () => {
    await unlock()
    fireEvent.click(await screen.findByRole('button', {name: 'View details of CTX-0001'}))
    const dialog = screen.getByRole('dialog', {name: 'Booking Details - CTX-0001'})
    expect(within(dialog).getAllByText('Not provided')).toHaveLength(3)
    expect(within(dialog).getByText('Not specified')).toBeTruthy()
    expect(within(dialog).queryByRole('heading', {name: 'Pickup Location'})).toBeNull()
    expect(within(dialog).getByText('<b>Vegetarian</b>')).toBeTruthy()
    expect(within(dialog).getByText('10 December 2026')).toBeTruthy()
    expect(within(dialog).getByRole('link', {name: 'Reply via Email'}).getAttribute('href')).toBe(
      mailtoHref('anna@example.com', 'CTX-0001'),
    )
    fireEvent.click(within(dialog).getByRole('button', {name: 'Mark as Contacted'}))
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('Status updated successfully'),
    )
  })

  it('offers "Mark as Contacted" only while a request is new', async () => {
    listed = [{...booking, status: 'confirmed'}]
    await unlock()
    fireEvent.click(await screen.findByRole('button', {name: 'View details of CTX-0001'}))
    const dialog = screen.getByRole('dialog', {name: 'Booking Details - CTX-0001'})
    expect(within(dialog).getByRole('link', {name: 'Reply via Email'})).toBeTruthy()
    expect(within(dialog).queryByRole('button', {name: 'Mark as Contacted'})).toBeNull()
  })

  it('warns before Send, in the warning’s style, when confirming would go beyond the departure’s places', async () => {
    departuresListed = [
      {
        experience_id: 'sunset-cruise',
        experience_title: 'Sunset Cruise',
        date: '2026-12-10',
        slot: '',
        capacity: 8,
        taken: 6,
        requested: 3,
        left: 2,
        bookings: [],
      },
    ]
    listed = [{...booking, experience_id: 'sunset-cruise'}]
    await unlock()
    fireEvent.click(await screen.findByRole('button', {name: 'View details of CTX-0001'}))
    const dialog = screen.getByRole('dialog', {name: 'Booking Details - CTX-0001'})
    fireEvent.click(within(dialog).getByRole('button', {name: 'Confirm'}))
    const warning = await within(dialog).findByRole('note')
    expect(warning.className).toBe('admin-decisions__warning')
    expect(warning.textContent).toContain(
      'Beyond the departure’s places. 6 places of 8 places are taken, 2 places left, and this booking needs 3 places.',
    )
    // Nothing was sent to get it.
    expect(within(dialog).queryByRole('button', {name: /^Send: /})).toBeNull()
  })

  it('offers an erased booking no action that needs the person, and says when it was erased', async () => {
    const {name: _name, email: _email, phone: _phone, notes: _notes, ...trip} = booking
    listed = [{...trip, status: 'confirmed', anonymised_at: '2026-11-25T08:00:00Z'}]
    await unlock()
    const row = (await screen.findByRole('rowheader', {name: 'CTX-0001'})).closest('[role="row"]')!
    expect(within(row as HTMLElement).getByText('Erased on 25 November 2026')).toBeTruthy()
    expect(screen.queryByRole('button', {name: 'Reply to CTX-0001'})).toBeNull()
    expect(screen.queryByRole('combobox', {name: /^Status of CTX-0001/})).toBeNull()
    fireEvent.click(screen.getByRole('button', {name: 'View details of CTX-0001'}))
    const dialog = screen.getByRole('dialog', {name: 'Booking Details - CTX-0001'})
    expect(within(dialog).getByText(/^Personal details erased on 25 November 2026/)).toBeTruthy()
    expect(within(dialog).queryByText(/Sent before consent records were kept/)).toBeNull()
    for (const name of [
      'Confirm',
      'Decline',
      'Propose other dates',
      'Ask a question',
      'Mark as Contacted',
    ])
      expect(within(dialog).queryByRole('button', {name})).toBeNull()
    expect(within(dialog).queryByRole('link', {name: 'Reply via Email'})).toBeNull()
    expect(within(dialog).queryByLabelText('Internal notes (staff only)')).toBeNull()
  })

  it('shows the booking’s mail in words and sends a failed one again', async () => {
    await unlock()
    fireEvent.click(await screen.findByRole('button', {name: 'View details of CTX-0001'}))
    const dialog = screen.getByRole('dialog', {name: 'Booking Details - CTX-0001'})
    const mail = within(dialog).getByRole('region', {name: 'Mail'})
    expect(await within(mail).findByText('Sent 21 November 2026, 16:05 SAST')).toBeTruthy()
    expect(within(mail).getByText('Not delivered: given up after trying 9 times')).toBeTruthy()
    expect(within(mail).getByText('Last answer: Error: 550 5.1.1 no such user')).toBeTruthy()
    fireEvent.click(within(mail).getByRole('button', {name: 'Send again: to the traveller'}))
    expect(
      await within(mail).findByText(/^Waiting: tried 9 times, next try 24 November 2026/),
    ).toBeTruthy()
    expect(within(mail).queryByRole('button', {name: /Send again/})).toBeNull()
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toContain('The mail will be sent again'),
    )
  })

  it('says "Failed to update status" and leaves the row when the change fails', async () => {
    patchStatus = 500
    await unlock()
    const select = await screen.findByRole('combobox', {name: /Status of CTX-0001/})
    fireEvent.change(select, {target: {value: 'closed'}})
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Failed to update status'),
    )
    expect(
      (screen.getByRole('combobox', {name: /Status of CTX-0001/}) as HTMLSelectElement).value,
    ).toBe('new')
  })

  it('builds the reply subject from the reference', () => {
    expect(mailtoHref('anna@example.com', 'CTX-0001')).toBe(
      'mailto:anna@example.com?subject=Re%3A%20Your%20booking%20request%20CTX-0001',
    )
  })

  it('flags a request waiting too long in words, first, and counts it in a tile', async () => {
    listed = [waiting, booking]
    await unlock()
    const rows = await screen.findAllByRole('row')
    const [first, second] = rows.slice(1)
    expect(within(first!).getByRole('rowheader').textContent).toBe('CTX-0002')
    expect(within(first!).getByText('Waiting 6 working hours')).toBeTruthy()
    expect(within(second!).queryByText(/^Waiting/)).toBeNull()
    expect(screen.getByText('Waiting too long').nextElementSibling?.textContent).toBe('1')
    expect(
      screen.getByText('1 request has waited 4 working hours or more for an answer.'),
    ).toBeTruthy()
  })

  it('says nothing of waiting when no request waits too long', async () => {
    await unlock()
    await screen.findByRole('rowheader', {name: 'CTX-0001'})
    expect(screen.getByText('Waiting too long').nextElementSibling?.textContent).toBe('0')
    expect(screen.queryByText(/or more for an answer/)).toBeNull()
    expect(screen.queryByText(/^Waiting \d/)).toBeNull()
  })

  it('shows active trips by default and keeps the choice of past or all trips in the address', async () => {
    await unlock()
    const trips = screen.getByRole('group', {name: 'Trips'})
    expect((within(trips).getByRole('radio', {name: 'Active'}) as HTMLInputElement).checked).toBe(
      true,
    )
    await waitFor(() => expect(listRequests.at(-1)?.get('view')).toBe('active'))
    fireEvent.click(within(trips).getByRole('radio', {name: 'Past trips'}))
    await waitFor(() => expect(listRequests.at(-1)?.get('view')).toBe('past'))
    expect(shownAddress).toBe('/admin/bookings?view=past')
    fireEvent.click(within(trips).getByRole('radio', {name: 'Active'}))
    await waitFor(() => expect(listRequests.at(-1)?.get('view')).toBe('active'))
    expect(shownAddress).toBe('/admin/bookings')
  })

  it('opens on the trips the address names, and ignores a view it does not know', async () => {
    await unlock('/admin/bookings?view=all')
    expect((screen.getByRole('radio', {name: 'All'}) as HTMLInputElement).checked).toBe(true)
    await waitFor(() => expect(listRequests.at(-1)?.get('view')).toBe('all'))
    cleanup()
    listRequests = []
    await unlock('/admin/bookings?view=everything')
    expect((screen.getByRole('radio', {name: 'Active'}) as HTMLInputElement).checked).toBe(true)
    await waitFor(() => expect(listRequests.at(-1)?.get('view')).toBe('active'))
  })

  it('names the signed-in person, and offers the bookings CSV only to roles that may export it', async () => {
    role = 'staff'
    await unlock()
    expect(screen.getByText('Signed in as Pat Jones (Staff)')).toBeTruthy()
    await screen.findByRole('rowheader', {name: 'CTX-0001'})
    expect(screen.queryByRole('link', {name: 'Export CSV'})).toBeNull()
    cleanup()
    role = 'manager'
    unlocked = false
    await unlock()
    expect(screen.getByRole('link', {name: 'Export CSV'})).toBeTruthy()
  })

  it('asks an account without a name or address for both before anything else, then opens the dashboard', async () => {
    unnamed = true
    await unlock()
    expect(screen.getByText('Signed in as Owner')).toBeTruthy()
    expect(screen.queryByRole('button', {name: 'Bookings'})).toBeNull()
    expect(listRequests).toEqual([])
    fireEvent.change(screen.getByLabelText('Your name'), {target: {value: 'Thandi Mokoena'}})
    fireEvent.change(screen.getByLabelText('Your email address'), {
      target: {value: 'taken@team.example'},
    })
    fireEvent.click(screen.getByRole('button', {name: 'Save and continue'}))
    expect(await screen.findByText(/Another account uses that address/)).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Your email address'), {
      target: {value: 'thandi@team.example'},
    })
    fireEvent.click(screen.getByRole('button', {name: 'Save and continue'}))
    expect(await screen.findByRole('button', {name: 'Bookings'})).toBeTruthy()
    expect(screen.queryByLabelText('Your name')).toBeNull()
    expect(screen.getByRole('button', {name: 'Sign out'})).toBeTruthy()
  })

  it('shows a guide their Today only: no bookings or departures; a tap checks in, a second says already', async () => {
    role = 'guide'
    await unlock()
    expect(screen.getByText('Signed in as Pat Jones (Guide)')).toBeTruthy()
    expect(screen.queryByRole('button', {name: 'Bookings'})).toBeNull()
    expect(screen.queryByRole('button', {name: 'Departures'})).toBeNull()
    expect(screen.getByRole('button', {name: 'Today'}).getAttribute('aria-current')).toBe('page')
    expect(screen.queryByRole('link', {name: 'Export CSV'})).toBeNull()
    expect(listRequests).toEqual([])
    const checkIn = await screen.findByRole('button', {name: 'Check in Jane Smith (2 people)'})
    expect(screen.getByRole('link', {name: 'Call Jane Smith'}).getAttribute('href')).toBe(
      'tel:+27825550101',
    )
    expect(
      screen
        .getByRole('link', {name: 'WhatsApp Jane Smith (opens in a new tab)'})
        .getAttribute('href'),
    ).toBe('https://wa.me/27825550101')
    expect(screen.getByTestId('headcount').textContent).toBe('Headcount: 0 of 2 people checked in')
    fireEvent.click(checkIn)
    expect(
      await screen.findByText('Checked in: Jane Smith, 2 people.', {selector: '[role=status]'}),
    ).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByTestId('headcount').textContent).toBe(
        'Headcount: 2 of 2 people checked in',
      ),
    )
    fireEvent.click(screen.getByRole('button', {name: 'Check in Jane Smith (2 people)'}))
    expect(
      await screen.findByText(
        /^Jane Smith is already checked in \(by Pat Jones, 1 Dec 17:05 SAST\)/,
      ),
    ).toBeTruthy()
  })

  it('gives an owner the people and activity pages, and no one else', async () => {
    await unlock()
    fireEvent.click(screen.getByRole('button', {name: 'People'}))
    expect(await screen.findByRole('rowheader', {name: 'Sam Naidoo'})).toBeTruthy()
    expect(screen.getByRole('combobox', {name: 'Role of Sam Naidoo'})).toBeTruthy()
    expect(screen.getByRole('button', {name: 'End access for Sam Naidoo'})).toBeTruthy()
    // A second step to reset only for someone who has one.
    expect(screen.getByRole('button', {name: 'Reset the second step of Sam Naidoo'})).toBeTruthy()
    expect(screen.queryByRole('button', {name: 'Reset the second step of Noor Khan'})).toBeNull()
    // The team's sign-in rule is its own section, not a field of the invitation.
    const invite = screen.getByRole('form', {name: 'Invite someone'})
    expect(within(invite).queryByLabelText('Everyone signs in with a second step')).toBeNull()
    expect(
      within(screen.getByRole('region', {name: 'Signing in'})).getByLabelText(
        'Everyone signs in with a second step',
      ),
    ).toBeTruthy()
    // Someone who has not accepted their invitation gets a new one, or has it cancelled; never access without a
    // password.
    expect(screen.getByRole('button', {name: 'Send Lindiwe Dube a new invitation'})).toBeTruthy()
    expect(screen.getByRole('button', {name: 'Cancel the invitation of Lindiwe Dube'})).toBeTruthy()
    expect(screen.queryByRole('button', {name: 'Give Lindiwe Dube access again'})).toBeNull()
    fireEvent.click(screen.getByRole('button', {name: 'Activity'}))
    const entry = (await screen.findByText('Changed the status to contacted')).closest('tr')!
    expect(within(entry).getByText('Sam Naidoo')).toBeTruthy()
    expect(within(entry).getByText('CTX-0001')).toBeTruthy()
    for (const other of ['manager', 'staff', 'guide'] as const) {
      cleanup()
      role = other
      unlocked = false
      await unlock()
      expect(screen.queryByRole('button', {name: 'People'})).toBeNull()
      expect(screen.queryByRole('button', {name: 'Activity'})).toBeNull()
    }
  })

  it('after a reset by mail, says how many passkeys the reset removed', async () => {
    window.location.hash = `#reset=${'t'.repeat(43)}`
    try {
      renderDashboard()
      const password = await screen.findByLabelText('New password')
      fireEvent.change(password, {target: {value: 'violin tractor lantern 7'}})
      fireEvent.change(screen.getByLabelText('New password again'), {
        target: {value: 'violin tractor lantern 7'},
      })
      fireEvent.click(screen.getByRole('button', {name: 'Save password'}))
      expect(
        await screen.findByText(
          'Your password is saved. Sign in with it now. Your 2 passkeys were removed with the reset: add them again from “Your account”.',
        ),
      ).toBeTruthy()
    } finally {
      window.location.hash = ''
    }
  })

  it('asks for the second step after a right password, keeps what was typed, and signs in with the code', async () => {
    renderDashboard()
    fireEvent.change(await screen.findByLabelText('Password'), {target: {value: 'two-step'}})
    fireEvent.click(screen.getByRole('button', {name: 'Access Dashboard'}))
    const code = await screen.findByLabelText(
      'Code from your authenticator app (or a recovery code)',
    )
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('two-step')
    fireEvent.change(code, {target: {value: '000000'}})
    fireEvent.click(screen.getByRole('button', {name: 'Access Dashboard'}))
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('That code is not right'),
    )
    fireEvent.change(code, {target: {value: '123456'}})
    fireEvent.click(screen.getByRole('button', {name: 'Access Dashboard'}))
    await screen.findByRole('heading', {name: 'Booking Management'})
  })
})
