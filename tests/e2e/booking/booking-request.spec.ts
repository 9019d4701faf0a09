import {
  isDateAvailable,
  resolveExperienceSettings,
} from '../../../schemas/src/experience-settings.ts'
import {formatDateInWords} from '../../../schemas/src/format-date.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'
import {mailsContaining} from '../mail.ts'
import {sendBookingRequest} from './traveller-forms.ts'

const SLUG = 'lions-head-sunset-hike'

async function settingsFor(slug: string) {
  const content = lakeClient({perspective: 'published'})
  const experience = await content.fetch<{_id: string}>(
    '*[_type == "experience" && slug.current == $slug][0]{_id}',
    {slug},
  )
  const stored = await content.fetch(
    '*[_type == "experienceSettings" && experience._ref == $id][0]',
    {id: experience._id},
  )
  return {experienceId: experience._id, settings: resolveExperienceSettings(stored)}
}

/** The first date the dialog must accept, found from the same rules the site uses. */
async function firstAllowedDate(slug: string) {
  const {settings} = await settingsFor(slug)
  const today = todayInCapeTown()
  for (let i = 0; i < 400; i++) {
    const date = addDays(today, i)
    if (isDateAvailable(date, settings, today)) return {date, settings}
  }
  throw new Error('No bookable date within a year')
}

test('a traveller books from the detail dialog and the request is stored once, with both mails', async ({
  page,
}) => {
  const {date} = await firstAllowedDate(SLUG)
  const email = `e2e-${Date.now()}@example.com`

  await page.goto(`/experiences?exp=${SLUG}`)
  const detail = page.getByRole('dialog')
  await detail.getByRole('button', {name: 'Book this experience'}).click()

  const dialog = page.getByRole('dialog', {name: 'Book this experience'})
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Date').fill(date)
  await expect(dialog.getByText(/^Total: 2 people \(min: \d+, max: \d+\)$/)).toBeVisible()
  await dialog.getByRole('button', {name: 'More children'}).click()
  await expect(dialog.getByText(/^Total: 3 people/)).toBeVisible()
  await dialog.getByRole('button', {name: 'Continue'}).click()

  await expect(page).toHaveURL(new RegExp(`/book/${SLUG}\\?date=${date}&pax=2%2C1`))
  await expect(page.getByRole('navigation', {name: 'Breadcrumb'})).toContainText('Book')

  await sendBookingRequest(page, {
    name: 'E2E Traveller',
    email,
    before: async () => {
      await page.getByLabel('Country').selectOption('United Kingdom')
      await page.getByLabel('How did you hear about us?').selectOption('Google')
    },
  })
  const ref = (await page.getByTestId('booking-ref').textContent())!.trim()
  expect(ref).toMatch(/^CTE-[0-9A-Z]{4}-[0-9A-Z]{4}$/)

  await expect(page).toHaveURL(/\/thank-you$/)
  await expect(page.getByRole('heading', {level: 1})).toContainText('Thank you')

  const bookings = lakeClient({dataset: 'bookings'})
  const stored = await bookings.fetch('*[_type == "booking" && email == $email]', {email})
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({
    booking_ref: ref,
    status: 'new',
    experience_id: SLUG,
    date,
    pax_adults: 2,
    pax_children: 1,
    pax_total: 3,
    country: 'United Kingdom',
  })

  // Both mails arrive at the SMTP listener the test run started (mail-sink/main.ts), once each.
  await expect.poll(() => mailsContaining(ref)).toHaveLength(2)
  const mails = await mailsContaining(ref)
  const {_id: bookingId, experience_title: title} = stored[0] as {
    _id: string
    experience_title: string
  }
  const traveller = mails.filter((mail) => mail.to.includes(email))
  const team = mails.filter((mail) => mail.to.includes(env.teamEmail))
  expect(traveller).toHaveLength(1)
  expect(team).toHaveLength(1)
  // The editors' templates, sent under the brand of site settings.
  const inWords = formatDateInWords(date)
  expect(traveller[0]).toMatchObject({
    from: 'hello@capecurated.co.za',
    to: [email],
    subject: `We have your request ${ref}: ${title}`,
    messageId: `<${bookingId}-traveller@capecurated.co.za>`,
  })
  expect(traveller[0]!.text).toContain(
    `Thank you for your request to join ${title} on ${inWords}. Your reference is ${ref}.`,
  )
  expect(traveller[0]!.text).toContain('Group: 2 adults, 1 child')
  expect(traveller[0]!.text).toContain('No payment is required at this stage.')
  expect(traveller[0]!.html).toContain('No payment is required at this stage.')
  expect(team[0]).toMatchObject({
    to: [env.teamEmail],
    subject: `New booking request ${ref}: ${title}, ${inWords}`,
    messageId: `<${bookingId}-team@capecurated.co.za>`,
  })
  expect(team[0]!.headers['reply-to']).toBe(email)
  expect(team[0]!.text).toContain(`Email: ${email}`)
  expect(team[0]!.text).toContain('Country: United Kingdom')

  // The acknowledgement's link opens the traveller's own request page: received, in words.
  const link = /https?:\/\/\S+\/requests\/\S+/.exec(traveller[0]!.text)![0]
  await page.goto(link)
  await expect(page.getByRole('heading', {level: 1})).toHaveText(`Your request ${ref}`)
  await expect(page.getByTestId('request-status')).toHaveText(
    'Received: we are checking with our guides',
  )
  await expect(page.getByRole('main')).toContainText('Request received')
  await expect(page.getByRole('main')).toContainText(inWords)
  await expect(page.getByRole('main')).toContainText('2 adults, 1 child')
})

test('the dialog refuses blackout dates and dates inside the lead time', async ({page}) => {
  const {experienceId} = await settingsFor(SLUG)
  const {date} = await firstAllowedDate(SLUG)
  const blackout = addDays(date, 3)
  const admin = lakeClient()
  const existing = await admin.fetch<{_id: string} | null>(
    // The published document: a draft left by an editor (or the studio tests) is not what the site reads.
    '*[_type == "experienceSettings" && experience._ref == $id && !(_id in path("drafts.**"))][0]{_id}',
    {id: experienceId},
  )
  const id = existing?._id ?? 'e2e-settings-lions-head'
  const before = await admin.getDocument(id)
  const base: {_id: string; _type: string} & Record<string, unknown> = before ?? {
    _id: id,
    _type: 'experienceSettings',
    experience: {_type: 'reference', _ref: experienceId},
    minPax: 1,
    maxPax: 8,
    timeSlots: ['Sunset'],
    leadTimeDays: 2,
  }
  await admin.createOrReplace({
    ...base,
    blackoutDates: [...((before?.blackoutDates as string[] | undefined) ?? []), blackout],
  })
  try {
    await page.goto(`/experiences/${SLUG}`)
    await page.getByRole('button', {name: 'Book Now'}).click()
    const dialog = page.getByRole('dialog', {name: 'Book this experience'})
    await dialog.getByLabel('Date').fill(blackout)
    await expect(
      dialog.getByText('Unavailable on this date – please choose another.'),
    ).toBeVisible()
    await expect(dialog.getByRole('button', {name: 'Continue'})).toBeDisabled()
    await dialog.getByLabel('Date').fill(todayInCapeTown())
    await expect(
      dialog.getByText('Unavailable on this date – please choose another.'),
    ).toBeVisible()
    await dialog.getByLabel('Date').fill(date)
    await expect(dialog.getByRole('button', {name: 'Continue'})).toBeEnabled()
    await dialog.getByRole('button', {name: 'Cancel'}).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('button', {name: 'Book Now'})).toBeFocused()
  } finally {
    if (before) await admin.createOrReplace(before)
    else await admin.delete(id)
  }
})

test("a card's Book link without a date asks for the date and group on the booking page, then the request goes through", async ({
  page,
}) => {
  const {date} = await firstAllowedDate(SLUG)
  const email = `e2e-card-${Date.now()}@example.com`
  await page.goto('/experiences')
  await page.getByRole('link', {name: /^Book Experience: Lion.s Head Sunset Hike/}).click()
  // The listing's default party, and no date.
  await expect(page).toHaveURL(new RegExp(`/book/${SLUG}\\?pax=2%2C0$`))

  // The booking dialog's choice, with its rules, right on the page: never a dead end.
  const choice = page.getByRole('region', {name: 'Choose your date and group'})
  await expect(choice.getByRole('button', {name: 'Continue'})).toBeDisabled()
  await choice.getByLabel('Date').fill(todayInCapeTown())
  await expect(choice.getByText('Unavailable on this date – please choose another.')).toBeVisible()
  await choice.getByLabel('Date').fill(date)
  await choice.getByRole('button', {name: 'More adults'}).click()
  await choice.getByRole('button', {name: 'Continue'}).click()
  await expect(page).toHaveURL(new RegExp(`/book/${SLUG}\\?date=${date}&pax=3%2C0`))

  await sendBookingRequest(page, {name: 'Card Traveller', email})
  const stored = await lakeClient({dataset: 'bookings'}).fetch(
    '*[_type == "booking" && email == $email]',
    {email},
  )
  expect(stored).toMatchObject([{experience_id: SLUG, date, pax_adults: 3, pax_children: 0}])
  // The thank-you page repeats the reference.
  await expect(page).toHaveURL(/\/thank-you$/)
  await expect(page.getByTestId('request-ref')).toHaveText(
    (stored[0] as {booking_ref: string}).booking_ref,
  )
})

test('a broken booking link says what is wrong and lets the traveller choose again', async ({
  page,
}) => {
  const {date} = await firstAllowedDate(SLUG)
  await page.goto(`/book/${SLUG}?date=2025-02-30&pax=2,0`)
  await expect(page.getByRole('alert')).toContainText('is not a valid date')
  const choice = page.getByRole('region', {name: 'This booking link is incomplete'})
  await choice.getByLabel('Date').fill(date)
  await choice.getByRole('button', {name: 'Continue'}).click()
  await expect(page.getByLabel('Full name')).toBeVisible()

  await page.goto(`/book/${SLUG}?date=${date}&pax=40,0`)
  await expect(page.getByRole('alert')).toContainText(/Total: 40 people/)
  await expect(page.getByRole('region', {name: 'Please change the group size'})).toBeVisible()

  await page.goto(`/book/no-such-experience?date=${addDays(todayInCapeTown(), 30)}&pax=2,0`)
  await expect(page.getByRole('alert')).toContainText('Experience not found')
  await expect(page.getByRole('link', {name: 'Browse experiences'})).toBeVisible()
})

test('before the scripts run, the booking page without a date still takes a date and goes on to the form', async ({
  browser,
}) => {
  const {date} = await firstAllowedDate(SLUG)
  const context = await browser.newContext({javaScriptEnabled: false, baseURL: env.siteUrl})
  try {
    const page = await context.newPage()
    await page.goto(`/book/${SLUG}`)
    const choice = page.getByRole('region', {name: 'Choose your date and group'})
    await choice.getByLabel('Date').fill(date)
    await choice.getByRole('button', {name: 'Continue'}).click()
    // Sent without script, the group's number fields are the address's own parameters.
    await expect(page).toHaveURL(new RegExp(`/book/${SLUG}\\?date=${date}&adults=2&children=0`))
    await expect(page.getByLabel('Full name')).toBeVisible()
  } finally {
    await context.close()
  }
})
