import {lakeClient, test, expect} from '../fixtures.ts'
import {mailsTo} from '../mail.ts'
import {bookingDoc, removeAll, row, runToken, seed, unlock} from './admin-helpers.ts'

// A booking's mail is in the lake, so the details dialog shows where each mail stands, and a mail the
// mail server refused for three days can be sent again, through the site's real outbox to the real SMTP listener.
const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const booking = bookingDoc(token)
const day = 24 * 3_600_000

const mailDoc = (kind: 'traveller' | 'team', fields: Record<string, unknown>) => ({
  _id: `mail-${booking._id}-${kind}`,
  _type: 'outboxMail',
  mail_id: `${booking._id}-${kind}`,
  about: booking._id,
  to: kind === 'traveller' ? booking.email : 'hello@capecurated.co.za',
  subject: `${kind === 'traveller' ? 'Your booking request' : 'New booking request'} ${booking.booking_ref}`,
  text: `Booking ${booking.booking_ref}`,
  html: `<p>Booking ${booking.booking_ref}</p>`,
  queued_at: new Date(Date.now() - 4 * day).toISOString(),
  next_attempt_at: new Date(Date.now() - 3 * day).toISOString(),
  ...fields,
})

test.beforeAll(async () => {
  await seed(bookings, [
    booking,
    mailDoc('team', {
      status: 'sent',
      attempts: 1,
      sent_at: new Date(Date.now() - 4 * day).toISOString(),
    }),
    mailDoc('traveller', {
      status: 'failed',
      attempts: 12,
      last_error: 'Error: 550 5.1.1 mailbox unavailable',
    }),
  ])
})

test.afterAll(async () => {
  await bookings.delete({
    query: '*[_type == "outboxMail" && about == $id]',
    params: {id: booking._id},
  })
  await removeAll(bookings, token)
})

test('the details dialog shows the booking’s mail; a failed mail sent again arrives once', async ({
  page,
}) => {
  await unlock(page)
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await row(page, booking.booking_ref)
    .getByRole('button', {name: `View details of ${booking.booking_ref}`})
    .click()
  const dialog = page.getByRole('dialog', {name: `Booking Details - ${booking.booking_ref}`})
  const mail = dialog.getByRole('region', {name: 'Mail'})
  await expect(mail).toContainText('To the team')
  await expect(mail).toContainText(/Sent \d{1,2} \w+ \d{4}, \d{2}:\d{2} SAST/)
  await expect(mail).toContainText('Not delivered: given up after trying 12 times')
  await expect(mail).toContainText('Last answer: Error: 550 5.1.1 mailbox unavailable')
  expect(await mailsTo(booking.email)).toHaveLength(0)

  await mail.getByRole('button', {name: 'Send again: to the traveller'}).click()
  await expect(
    page.getByRole('status').filter({hasText: 'The mail will be sent again'}),
  ).toBeVisible()
  // The site's outbox takes it on its next pass (every 5 s); the open log follows without a reload.
  await expect.poll(async () => (await mailsTo(booking.email)).length, {timeout: 20_000}).toBe(1)
  await expect(mail).toContainText(
    /Sent \d{1,2} \w+ \d{4}, \d{2}:\d{2} SAST[\s\S]*Sent \d{1,2} \w+ \d{4}/,
    {
      timeout: 15_000,
    },
  )
  await expect(mail.getByRole('button', {name: /Send again/})).toHaveCount(0)
  const [received] = await mailsTo(booking.email)
  expect(received!.subject).toBe(`Your booking request ${booking.booking_ref}`)
  expect(received!.messageId).toContain(`${booking._id}-traveller@`)
  // Recorded as sent, so no later pass on any server takes it again.
  expect((await bookings.getDocument(`mail-${booking._id}-traveller`))?.status).toBe('sent')
  expect(await mailsTo(booking.email)).toHaveLength(1)
})
