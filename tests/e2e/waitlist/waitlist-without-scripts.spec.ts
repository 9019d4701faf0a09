import {WAITLIST_REQUIRED_MESSAGE} from '../../../schemas/src/waitlist-messages.ts'
import {formatDateInWords} from '../../../schemas/src/format-date.ts'
import {bookingDoc, runToken, seed} from '../admin/admin-helpers.ts'
import {quietDate} from '../booking/quiet-date.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'
import {mailsTo} from '../mail.ts'

/**
 * A full date's waitlist for a traveller whose browser runs no script: the booking step's date choice leads to the
 * booking page, which the server sends with the join form for the full date; the form posts to the page, which says
 * what is wrong (nothing stored) or that the traveller is in line, and the confirmation arrives on the mail sink.
 */
const SLUG = 'cape-point-penguins'
const token = runToken()
const bookings = lakeClient({dataset: 'bookings'})
const traveller = {name: `Plain ${token}`, email: `plain.${token}@example.com`}
const entries = () =>
  bookings.fetch<number>('count(*[_type == "waitlistEntry" && email == $email])', {
    email: traveller.email,
  })

let date = ''

test.beforeAll(async () => {
  date = await quietDate(SLUG)
  await seed(bookings, [
    bookingDoc(token, {
      experience_id: SLUG,
      experience_title: 'Cape Point & Penguins',
      preferred_time: '',
      date,
      pax_adults: 8,
      pax_children: 0,
      pax_total: 8,
      status: 'confirmed',
    }),
  ])
})

test.afterAll(async () => {
  await bookings.delete({
    query:
      '*[(_type in ["booking", "waitlistEntry"]) && (_id match $prefix || email match $email)]',
    params: {prefix: `e2e-admin-${token}-*`, email: `*${token}*`},
  })
})

test('without scripts, a full date’s booking page has the waitlist form, which joins the line', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({javaScriptEnabled: false, baseURL: env.siteUrl})
  try {
    const page = await context.newPage()
    await page.goto(`/book/${SLUG}`)
    const choice = page.getByRole('region', {name: 'Choose your date and group'})
    await choice.getByLabel('Date').fill(date)
    await choice.getByRole('button', {name: 'Continue'}).click()
    // Sent without script, the group's number fields are the address's own parameters.
    await expect(page).toHaveURL(new RegExp(`/book/${SLUG}\\?date=${date}&adults=2&children=0`))
    await expect(page.getByText('Fully booked on this date')).toBeVisible()
    const form = page.getByRole('form', {name: 'Join the waitlist for this date'})
    await expect(form).toBeVisible()
    // The request form is not offered for a full date; the nearest dates with room are links to theirs.
    await expect(page.getByRole('button', {name: 'Send booking request'})).toHaveCount(0)
    await expect(page.getByRole('link', {name: /places? left$/}).first()).toHaveAttribute(
      'href',
      new RegExp(`^/book/${SLUG}\\?date=\\d{4}-\\d{2}-\\d{2}&pax=2%2C0$`),
    )

    // The consents left out: the page says so beside the form and keeps what was typed; nothing is stored.
    await form.getByRole('textbox', {name: /^Full name/}).fill(traveller.name)
    await form.getByRole('textbox', {name: /^Email/}).fill(traveller.email)
    await form.getByRole('button', {name: 'Join the waitlist'}).click()
    const refused = page.getByRole('form', {name: 'Join the waitlist for this date'})
    await expect(refused.getByRole('alert').first()).toContainText(WAITLIST_REQUIRED_MESSAGE)
    await expect(refused.getByRole('textbox', {name: /^Email/})).toHaveValue(traveller.email)
    expect(await entries()).toBe(0)
    for (const [label, viewport] of [
      ['phone', {width: 390, height: 844}],
      ['desktop', {width: 1366, height: 900}],
    ] as const) {
      await page.setViewportSize(viewport)
      await page.screenshot({
        path: testInfo.outputPath(`waitlist-refused-${label}.png`),
        fullPage: true,
      })
    }

    await refused.getByLabel(/the waitlist is not a booking/).check()
    await refused.getByLabel(/I agree to the privacy policy/).check()
    await refused.getByRole('button', {name: 'Join the waitlist'}).click()
    await expect(page.getByRole('heading', {name: 'You are on the waitlist'})).toBeVisible()
    await expect(page.getByText(`We have sent a confirmation to ${traveller.email}`)).toBeVisible()
    for (const [label, viewport] of [
      ['phone', {width: 390, height: 844}],
      ['desktop', {width: 1366, height: 900}],
    ] as const) {
      await page.setViewportSize(viewport)
      await page.screenshot({
        path: testInfo.outputPath(`waitlist-joined-${label}.png`),
        fullPage: true,
      })
    }
    expect(await entries()).toBe(1)
    await expect
      .poll(async () => (await mailsTo(traveller.email)).length, {timeout: 20_000})
      .toBe(1)
    expect((await mailsTo(traveller.email))[0]!.subject).toBe(
      `You are on the waitlist: Cape Point & Penguins on ${formatDateInWords(date)}`,
    )
  } finally {
    await context.close()
  }
})
