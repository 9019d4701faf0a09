import {
  isDateAvailable,
  resolveExperienceSettings,
} from '../../../schemas/src/experience-settings.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {NEWSLETTER_SUCCESS_MESSAGE} from '../../../schemas/src/newsletter-messages.ts'
import {answerSecurityQuestion, sendBookingRequest} from '../booking/traveller-forms.ts'
import {lakeClient} from '../fixtures.ts'
import {expect, holdScripts, isHydrated, openAtFirstPaint, test} from './slow-phone.ts'

// The traveller journeys on a slow phone, each action taken the moment its control is on screen, not
// after hydration. What is typed and sent before the scripts run must arrive whole, once.

const SLUG = 'lions-head-sunset-hike'
const bookings = () => lakeClient({dataset: 'bookings'})

async function firstAllowedDate() {
  const content = lakeClient({perspective: 'published'})
  const experience = await content.fetch<{_id: string}>(
    '*[_type == "experience" && slug.current == $slug][0]{_id}',
    {slug: SLUG},
  )
  const settings = resolveExperienceSettings(
    await content.fetch('*[_type == "experienceSettings" && experience._ref == $id][0]', {
      id: experience._id,
    }),
  )
  const today = todayInCapeTown()
  for (let day = 0; day < 400; day++)
    if (isDateAvailable(addDays(today, day), settings, today)) return addDays(today, day)
  throw new Error('No bookable date within a year')
}

test('a filter tapped at first paint filters the listing', async ({page}) => {
  await openAtFirstPaint(page, '/experiences')
  const filter = page
    .getByRole('list', {name: 'Filter by category'})
    .getByRole('link', {name: 'Food & Drink'})
  await filter.click()
  expect(await isHydrated(page), 'the tap came before hydration').toBe(false)
  await expect(filter).toHaveAttribute('aria-current', 'true')
  await expect(page).toHaveURL(/category=/)
})

test('the questionnaire filled and sent before hydration arrives whole, once', async ({page}) => {
  const email = `slow-q-${Date.now()}@example.com`
  await openAtFirstPaint(page, '/questionnaire')
  await page.getByLabel('First name').fill('Sipho')
  expect(await isHydrated(page), 'typing started before hydration').toBe(false)
  await page.getByLabel('Last name').fill('Dlamini')
  await page.getByRole('textbox', {name: 'Email'}).fill(email)
  await page.getByLabel('Hiking').check()
  await page.getByLabel('Anything else we should know?').fill('Two of us, early starts')
  await answerSecurityQuestion(page)
  await page.getByRole('button', {name: 'Send my trip request'}).click()
  await expect(page).toHaveURL(/\/thank-you$/)
  const stored = await bookings().fetch('*[_type == "itineraryRequest" && email == $email]', {
    email,
  })
  expect(stored).toMatchObject([
    {
      first_name: 'Sipho',
      last_name: 'Dlamini',
      interests: ['hiking'],
      additional_info: 'Two of us, early starts',
    },
  ])
})

test('the newsletter form filled and sent at first paint signs up once', async ({page}) => {
  const email = `slow-n-${Date.now()}@example.com`
  // Held until typing has started: the home page's form is near its end, and on a quick machine the page could
  // otherwise hydrate before Playwright reaches it.
  const release = await holdScripts(page)
  await openAtFirstPaint(page, '/')
  const form = page.locator('form[data-form="newsletter"]')
  await form.getByLabel('Name').fill('Lerato')
  expect(await isHydrated(page), 'typing started before hydration').toBe(false)
  release()
  await form.getByRole('textbox', {name: 'Email'}).fill(email)
  await form.getByRole('checkbox').check()
  await form.getByRole('button').click()
  await expect(form.getByRole('status')).toContainText(NEWSLETTER_SUCCESS_MESSAGE)
  const stored = await bookings().fetch('*[_type == "newsletterSignup" && email == $email]', {
    email,
  })
  expect(stored).toMatchObject([{name: 'Lerato', consent: true}])
})

test('home → experience → book → thank-you, acting the moment each control appears', async ({
  page,
}) => {
  const date = await firstAllowedDate()
  const email = `slow-b-${Date.now()}@example.com`
  await openAtFirstPaint(page, '/')
  await page.getByRole('link', {name: /^Learn more about Lion.s Head Sunset Hike/i}).click()
  await expect(page).toHaveURL(/\/experiences\?exp=lions-head-sunset-hike/)
  await page
    .getByRole('dialog', {name: /Lion.s Head Sunset Hike/})
    .getByRole('button', {name: 'Book this experience'})
    .click()
  const dialog = page.getByRole('dialog', {name: 'Book this experience'})
  await dialog.getByLabel('Date').fill(date)
  await dialog.getByRole('button', {name: 'Continue'}).click()
  await expect(page).toHaveURL(new RegExp(`/book/${SLUG}\\?date=${date}`))

  await sendBookingRequest(page, {name: 'Slow Phone', email})
  await expect(page).toHaveURL(/\/thank-you$/)
  const stored = await bookings().fetch('*[_type == "booking" && email == $email]', {email})
  expect(stored).toMatchObject([{experience_id: SLUG, date, name: 'Slow Phone'}])
})
