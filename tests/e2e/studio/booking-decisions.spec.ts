/**
 * Decisions in the studio's bookings workspace have the dashboard's effect: Decline with a reason from
 * the document's actions, and the traveller's mail, written by the site server (the studio cannot sign its link),
 * arrives once with the reason.
 */
import {bookingDoc, runToken, seed} from '../admin/admin-helpers.ts'
import {expect, lakeClient, studioSignInLink, test} from '../fixtures.ts'
import {mailsTo} from '../mail.ts'

const token = runToken()
const bookings = lakeClient({dataset: 'bookings'})

test.afterAll(async () => {
  await bookings.delete({
    query:
      '*[(_type == "booking" && _id match $prefix) || (_type == "outboxMail" && about match $prefix)]',
    params: {prefix: `e2e-admin-${token}-*`},
  })
})

test('staff decline a request in the studio with a reason, and the traveller gets one mail with it', async ({
  page,
  studioUrl,
}) => {
  test.slow()
  // Received two days ago: the outbox's sweep, which queues the mails of the last day's bookings, leaves it be.
  const request = bookingDoc(token, {
    created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
  })
  await seed(bookings, [request])
  const reason = `No guide is free that evening (${token}).`

  await page.goto(studioSignInLink())
  await expect(page).toHaveURL(/\/studio\/content/)
  await page.goto(`${studioUrl}/bookings/intent/edit/id=${request._id};type=booking/`)
  await expect(page.getByTestId('field-status').getByRole('radio', {name: 'New'})).toBeChecked()

  // The pane may mount its actions afresh while it settles just after opening: retry until the dialog shows.
  const dialog = page.getByRole('dialog', {name: 'Decline'})
  await expect(async () => {
    await page.getByRole('button', {name: 'Open document actions'}).click({timeout: 2_000})
    await page.getByRole('menuitem', {name: 'Decline…'}).click({timeout: 2_000})
    await expect(dialog).toBeVisible({timeout: 3_000})
  }).toPass({timeout: 30_000})
  await expect(dialog).toContainText(`The booking becomes Declined. ${request.email} is sent`)

  // Without a reason nothing is stored, and the dialog says why.
  await dialog.getByRole('button', {name: 'Decline and send'}).click()
  await expect(dialog.getByRole('alert')).toContainText('Tell the traveller why')
  expect((await bookings.getDocument(request._id))!.status).toBe('new')

  await dialog.getByRole('textbox', {name: 'Reason, for the traveller'}).fill(reason)
  await dialog.getByRole('button', {name: 'Decline and send'}).click()
  await expect(dialog).toBeHidden()
  await expect.poll(async () => (await bookings.getDocument(request._id))?.status).toBe('declined')
  const entry = (
    (await bookings.getDocument(request._id))!.status_history as {
      action?: string
      by?: string
      mail_id?: string
    }[]
  ).at(-1)!
  expect(entry).toMatchObject({action: 'decline', by: expect.stringMatching(/\(studio\)$/)})

  // Written and sent by the site server's outbox: recorded sent after one attempt, so never sent again.
  await expect
    .poll(async () => (await bookings.getDocument(`mail-${entry.mail_id}`))?.status, {
      timeout: 30_000,
    })
    .toBe('sent')
  expect((await bookings.getDocument(`mail-${entry.mail_id}`))!.attempts).toBe(1)
  const mails = await mailsTo(request.email)
  expect(mails).toHaveLength(1)
  expect(mails[0]!.subject).toContain(request.booking_ref)
  expect(mails[0]!.text).toContain(reason)
  expect(mails[0]!.text).toMatch(/\/requests\/[\w-]+\.[0-9a-z]+\.[\w-]{43}/)
})
