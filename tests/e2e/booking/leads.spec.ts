import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {NEWSLETTER_SUCCESS_MESSAGE} from '../../../schemas/src/newsletter-messages.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'
import {mailsContaining} from '../mail.ts'
import {answerSecurityQuestion} from './traveller-forms.ts'

const bookings = () => lakeClient({dataset: 'bookings'})

/**
 * Every mail that mentions the traveller's address, once it has arrived at the SMTP listener. Leads send the
 * team one notification and the traveller nothing, so that is exactly one mail, to the team.
 */
async function expectOnlyTheTeamNotified(email: string) {
  await expect.poll(() => mailsContaining(email)).toHaveLength(1)
  const [mail] = await mailsContaining(email)
  expect(mail!.to).toEqual([env.teamEmail])
  return mail!
}

test('the questionnaire asks for the missing names, then stores the request', async ({page}) => {
  const email = `q-${Date.now()}@example.com`
  await page.goto('/questionnaire')
  await page.getByRole('button', {name: 'Send my trip request'}).click()
  await expect(page.getByRole('alert')).toContainText('Missing Information')
  await expect(page.getByRole('alert')).toContainText('Please fill in all required fields.')

  await page.getByLabel('First name').fill('Quinn')
  await page.getByLabel('Last name').fill('Adams')
  await page.getByRole('textbox', {name: 'Email'}).fill(email)
  await page.getByLabel('Trip type').selectOption('beach-bum')
  await page.getByLabel('Hiking').check()

  // A wrong answer is refused by the server (not only the form), nothing is stored, and a new question is asked.
  await answerSecurityQuestion(page, {wrong: true})
  await page.getByRole('button', {name: 'Send my trip request'}).click()
  await expect(page.getByRole('alert')).toContainText('Please answer the sum correctly.')
  await expect(page.getByText('Please answer the sum correctly.').last()).toBeVisible()
  // The answer is cleared when the new question arrives.
  await expect(page.getByLabel(/Security question: What is/)).toHaveValue('')
  expect(
    await bookings().fetch('count(*[_type == "itineraryRequest" && email == $email])', {email}),
  ).toBe(0)

  await answerSecurityQuestion(page)
  await page.getByRole('button', {name: 'Send my trip request'}).click()
  // The toast, then the thank-you page, which repeats the toast and gives the reference.
  await expect(page).toHaveURL(/\/thank-you$/)
  await expect(
    page.getByRole('status').filter({
      hasText: 'Your personalised itinerary request has been submitted. We’ll be in touch soon!',
    }),
  ).toBeVisible()
  const stored = await bookings().fetch('*[_type == "itineraryRequest" && email == $email]', {
    email,
  })
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({
    source: 'questionnaire',
    first_name: 'Quinn',
    trip_type: 'beach-bum',
  })
  const ref = (stored[0] as {request_ref: string}).request_ref
  await expect(page.getByTestId('request-ref')).toHaveText(ref)
  const mail = await expectOnlyTheTeamNotified(email)
  // The editors' template: the answers by their labels, never stored values.
  expect(mail.subject).toBe(`New itinerary request ${ref} from Quinn Adams`)
  expect(mail.headers['reply-to']).toBe(email)
  expect(mail.text).toContain(`Reference: ${ref}`)
  expect(mail.text).toContain('Trip type: Beach Bum')
  expect(mail.text).not.toContain('beach-bum')
})

test('the wizard goes through three steps, back and forth, and resets after submit', async ({
  page,
}) => {
  const email = `w-${Date.now()}@example.com`
  await page.goto('/experiences')
  await page.getByRole('button', {name: /Request a booking/}).click()
  const wizard = page.locator('#booking-wizard')
  await wizard.getByRole('button', {name: 'Next'}).click()
  await expect(wizard.getByRole('alert')).toContainText('Please fill in all required fields.')
  await wizard.getByLabel('Name *').fill('Wen')
  await wizard.getByLabel('Email *').fill(email)
  await wizard.getByLabel('Travellers *').selectOption('6+')
  await wizard.getByRole('button', {name: 'Next'}).click()
  await expect(wizard.getByRole('heading', {name: /Step 2 of 3/})).toBeVisible()
  await wizard.getByLabel('Start date').fill(addDays(todayInCapeTown(), 40))
  await wizard.getByRole('button', {name: 'Next'}).click()
  await expect(wizard.getByRole('heading', {name: /Step 3 of 3/})).toBeVisible()
  await wizard.getByRole('button', {name: 'Back'}).click()
  await expect(wizard.getByRole('heading', {name: /Step 2 of 3/})).toBeVisible()
  await wizard.getByRole('button', {name: 'Next'}).click()
  await wizard.getByRole('button', {name: 'Submit request'}).click()
  await expect(wizard.getByRole('alert')).toContainText('Please answer the sum correctly.')
  await answerSecurityQuestion(wizard)
  await wizard.getByRole('button', {name: 'Submit request'}).click()
  await expect(wizard.getByRole('status')).toContainText('itinerary request has been submitted')
  await expect(wizard.getByRole('heading', {name: /Step 1 of 3/})).toBeVisible()
  const stored = await bookings().fetch('*[_type == "itineraryRequest" && email == $email]', {
    email,
  })
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({source: 'wizard', travelers: '6+'})
  const ref = (stored[0] as {request_ref: string}).request_ref
  const mail = await expectOnlyTheTeamNotified(email)
  expect(mail.subject).toBe(`New itinerary request ${ref} from Wen`)
  expect(mail.headers['reply-to']).toBe(email)
  expect(mail.text).toContain('Form: Booking wizard')
  expect(mail.text).toContain('Travellers: 6+')
})

test('the newsletter keeps one sign-up per email with consent, and mails only the address given', async ({
  page,
}) => {
  const email = `n-${Date.now()}@example.com`
  await page.goto('/')
  const form = page.locator('form[data-form="newsletter"]')
  await form.getByLabel('Name').fill('Nia')
  await form.getByRole('textbox', {name: 'Email'}).fill(email)
  await form.getByRole('button').click()
  await expect(form.getByRole('alert')).toBeVisible()
  await form.getByRole('checkbox').check()
  await form.getByRole('button').click()
  await expect(form.getByRole('status')).toContainText(NEWSLETTER_SUCCESS_MESSAGE)
  const stored = await bookings().fetch('*[_type == "newsletterSignup" && email == $email]', {
    email,
  })
  expect(stored).toHaveLength(1)
  expect(stored[0]).toMatchObject({name: 'Nia', consent: true, status: 'pending'})
  // Double opt-in: the address is asked to confirm; the team hears of it once it has
  // (tests/e2e/site/newsletter-consent.spec.ts).
  await expect.poll(() => mailsContaining(email)).toHaveLength(1)
  const [mail] = await mailsContaining(email)
  expect(mail!.to).toEqual([email])
  expect(mail!.subject).toBe('Please confirm your newsletter sign-up')
})
