
import {expect} from '@playwright/test'

import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {env, lakeClient, test} from '../fixtures.ts'
import {runJobs} from '../jobs.ts'
import {mailsTo} from '../mail.ts'

/**
 * Reminders before the trip, run by hand as an operator would: `npm run jobs -- --as-of <ISO time>` against the
 * running stack's lake and mail server. Two runs at once and a third later send one reminder; a declined and a
 * withdrawn request on the same departure get none.
 */
const bookings = () => lakeClient({dataset: 'bookings'})
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
const tripDate = addDays(todayInCapeTown(), 120)


test('npm run jobs sends each due trip one reminder, however often and wherever it runs', async () => {
  test.setTimeout(120_000)
  const booking = (name: string, status: string) => ({
    _id: `e2e-reminder-${run}-${name}`,
    _type: 'booking',
    booking_ref: `CTE-M${run.toUpperCase()}-${name.toUpperCase()}`,
    status,
    created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date: tripDate,
    preferred_time: '',
    pax_adults: 2,
    pax_children: 0,
    pax_total: 2,
    name: `Reminder ${name} ${run}`,
    email: `reminder.${name}.${run}@example.com`,
  })
  const due = booking('due', 'confirmed')
  await bookings()
    .transaction()
    .createOrReplace(due)
    .createOrReplace(booking('declined', 'declined'))
    .createOrReplace(booking('withdrawn', 'closed'))
    .commit({visibility: 'sync'})

  // The cruise starts at 18:30 in Cape Town: 48 hours before is 18:30 SAST two days earlier.
  const early = await runJobs(`${addDays(tripDate, -2)}T18:29:00+02:00`)
  expect(early.code, early.output).toBe(0)
  expect(early.output).toContain('0 trip reminders due')
  const asOf = `${addDays(tripDate, -1)}T09:00:00+02:00`
  const [first, second] = await Promise.all([runJobs(asOf), runJobs(asOf)])
  expect(first.code, first.output).toBe(0)
  expect(second.code, second.output).toBe(0)
  const later = await runJobs(`${addDays(tripDate, -1)}T20:00:00+02:00`)
  expect(later.code, later.output).toBe(0)

  await expect.poll(async () => (await mailsTo(due.email)).length, {timeout: 20_000}).toBe(1)
  const [reminder] = await mailsTo(due.email)
  expect(reminder!.subject).toContain('See you soon: Sunset Cruise')
  expect(reminder!.text).toContain('18:30 SAST')
  expect(reminder!.text).toContain('Quay 5 ticket kiosk')
  expect(reminder!.text).toMatch(/WhatsApp: https:\/\/wa\.me\/\d+/)
  // The jobs ran with the stack's ports only: their mail's links name the site as the server's own mails do.
  expect(reminder!.text).toContain(`${env.siteUrl}/requests/`)
  // Nothing more arrives, and nobody else on the departure was reminded.
  await new Promise((resolve) => setTimeout(resolve, 3_000))
  expect(await mailsTo(due.email)).toHaveLength(1)
  expect(await mailsTo(`reminder.declined.${run}@example.com`)).toHaveLength(0)
  expect(await mailsTo(`reminder.withdrawn.${run}@example.com`)).toHaveLength(0)
  // A bad time is refused with a clear message.
  const bad = await runJobs('tomorrow')
  expect(bad.code).toBe(2)
  expect(bad.output).toContain('--as-of needs an ISO time with its zone')
})
