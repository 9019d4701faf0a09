import type {Locator, Page} from '@playwright/test'

import {defaultMailTemplate, mailTemplateId} from '../../../schemas/src/mail-templates.ts'
import {
  isDateAvailable,
  resolveExperienceSettings,
} from '../../../schemas/src/experience-settings.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {sendBookingRequest} from '../booking/traveller-forms.ts'
import {expect, lakeClient, studioSignInLink, test} from '../fixtures.ts'
import {mailsTo} from '../mail.ts'

// Editors own the mails' texts. A template edited and published in the real studio is the text
// of the next booking's mail on the SMTP listener; a template naming an unknown placeholder cannot be published.

const ID = mailTemplateId('acknowledgement')
const SLUG = 'lions-head-sunset-hike'

const publishButton = (page: Page) => page.getByTestId('action-publish')
const subjectInput = (page: Page) => page.getByTestId('field-subject').locator('input')
const bodyInput = (page: Page) => page.getByTestId('field-body').locator('textarea')
const structureItem = (page: Page, name: string | RegExp) => page.getByRole('link', {name}).first()

/** Clicks a structure item until the pane it opens shows `next` (a click before the router is ready is lost). */
async function clickThrough(item: Locator, next: Locator) {
  await expect(async () => {
    await item.click({timeout: 2_000})
    await expect(next).toBeVisible({timeout: 3_000})
  }).toPass({timeout: 30_000})
}

/** The published template back to the default text, and no draft: other specs read the acknowledgement. */
async function restoreTemplate() {
  await lakeClient()
    .transaction()
    .createOrReplace({
      _id: ID,
      _type: 'mailTemplate',
      kind: 'acknowledgement',
      ...defaultMailTemplate('acknowledgement'),
    })
    .delete(`drafts.${ID}`)
    .commit()
}

/** The first date a booking of `slug` is accepted on, by the rules the site uses. */
async function firstAllowedDate(slug: string) {
  const content = lakeClient({perspective: 'published'})
  const stored = await content.fetch(
    '*[_type == "experienceSettings" && experience->slug.current == $slug][0]',
    {slug},
  )
  const settings = resolveExperienceSettings(stored)
  const today = todayInCapeTown()
  for (let i = 0; i < 400; i++) {
    const date = addDays(today, i)
    if (isDateAvailable(date, settings, today)) return date
  }
  throw new Error('No bookable date within a year')
}

test.beforeEach(restoreTemplate)
test.afterEach(restoreTemplate)

test('an editor rewrites the acknowledgement in the studio and the next booking’s mail says it', async ({
  page,
  lake,
}) => {
  test.slow()
  const marker = `Editor ${Date.now().toString(36)}`

  await page.goto(studioSignInLink())
  await expect(page).toHaveURL(/\/studio\/content\/structure/)
  const item = structureItem(page, 'Request received (to the traveller)')
  await clickThrough(structureItem(page, 'Mail templates'), item)
  await clickThrough(item, subjectInput(page))
  // Each mail once: its own document, no second one to create.
  await expect(page.getByRole('link', {name: 'Request received (to the traveller)'})).toHaveCount(1)

  // The help text names what this mail may use.
  await expect(page.getByTestId('field-body')).toContainText(
    '{requestLink} the traveller’s private link',
  )
  await subjectInput(page).fill(`${marker}: {experience} on {date} ({reference})`)
  await bodyInput(page).fill(
    `Molo, ${marker} here.\n\nWe are checking {date} for {group}.\n\n{requestLink}`,
  )
  // The preview fills the text with sample data as the editor types.
  const preview = page.getByRole('region', {name: 'Preview with sample data'})
  await expect(preview).toContainText(`Molo, ${marker} here.`)
  await expect(preview).toContainText(
    'We are checking Wednesday 16 December 2026 for 2 adults, 1 child.',
  )
  await expect(preview).toContainText(
    `Subject: ${marker}: Lion’s Head Sunrise Hike on Wednesday 16 December 2026`,
  )

  await expect(publishButton(page)).toBeEnabled({timeout: 30_000})
  await expect(async () => {
    if (await publishButton(page).isEnabled()) await publishButton(page).click({timeout: 2_000})
    await expect.poll(() => lake.getDocument(`drafts.${ID}`), {timeout: 3_000}).toBeUndefined()
  }).toPass({timeout: 30_000})
  await expect
    .poll(
      async () =>
        (await lakeClient({perspective: 'published', token: false}).getDocument(ID))?.subject,
    )
    .toBe(`${marker}: {experience} on {date} ({reference})`)

  // A traveller books on the site: the acknowledgement on the SMTP listener is the editor's text.
  const date = await firstAllowedDate(SLUG)
  const email = `e2e-template-${Date.now()}@example.com`
  await page.goto(`/book/${SLUG}?date=${date}&pax=2%2C0`)
  await sendBookingRequest(page, {name: 'Ayanda Editor', email})
  const ref = (await page.getByTestId('booking-ref').textContent())!.trim()
  await expect.poll(() => mailsTo(email), {timeout: 30_000}).toHaveLength(1)
  const [mail] = await mailsTo(email)
  expect(mail!.subject).toMatch(
    new RegExp(
      `^${marker}: Lion’s Head Sunset Hike on [A-Z][a-z]+day \\d{1,2} [A-Z][a-z]+ \\d{4} \\(${ref}\\)$`,
    ),
  )
  expect(mail!.text).toContain(`Molo, ${marker} here.`)
  // The address is unconfirmed: the mail quotes nothing the traveller typed.
  expect(mail!.text).not.toContain('Ayanda Editor')
  expect(mail!.text).toMatch(
    /We are checking [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4} for 2 adults\./,
  )
  expect(mail!.text).toMatch(/\/requests\/[\w-]+\.[0-9a-z]+\.[\w-]+/)
  expect(mail!.text).not.toContain(date)
  // The brand of site settings, not a hard-coded one.
  const settings = await lakeClient({perspective: 'published'}).getDocument<{
    mailFromAddress: string
    siteName: string
  }>('siteSettings')
  expect(mail!.from).toBe(settings!.mailFromAddress)
  expect(mail!.html).toContain('<html lang="en-GB">')
  expect(mail!.html).toContain(`<title>${marker}: Lion`)
})

test('a template naming a placeholder the mail does not fill cannot be published', async ({
  page,
}) => {
  test.slow()
  await page.goto(studioSignInLink())
  const item = structureItem(page, 'Request received (to the traveller)')
  await clickThrough(structureItem(page, 'Mail templates'), item)
  await clickThrough(item, bodyInput(page))
  await bodyInput(page).fill('Dear {nmae},\n\nThank you for your request.')
  // The studio renders the message for the field's validation status (read on hover), so it is attached, not
  // necessarily visible.
  await expect(
    page.getByText(/\{nmae\} is not available in this mail\. Use \{reference\}/).first(),
  ).toBeAttached({
    timeout: 30_000,
  })
  await expect(publishButton(page)).toBeDisabled()
  expect((await lakeClient({perspective: 'published'}).getDocument(ID))?.body).toBe(
    defaultMailTemplate('acknowledgement').body,
  )
})

test('the privacy confirmation is the editors’ text too: refused without its link, and the next mail says what they published', async ({
  page,
  lake,
}, testInfo) => {
  test.slow()
  const PRIVACY_ID = mailTemplateId('privacyConfirm')
  const restorePrivacy = () =>
    lakeClient()
      .transaction()
      .createOrReplace({
        _id: PRIVACY_ID,
        _type: 'mailTemplate',
        kind: 'privacyConfirm',
        ...defaultMailTemplate('privacyConfirm'),
      })
      .delete(`drafts.${PRIVACY_ID}`)
      .commit()
  const marker = `Privacy ${Date.now().toString(36)}`
  try {
    await page.goto(studioSignInLink())
    const item = structureItem(
      page,
      'Confirm a request about one’s information (to the address given)',
    )
    await clickThrough(
      structureItem(page, 'Mail templates'),
      structureItem(page, 'Request received (to the traveller)'),
    )
    // The list draws only the items in view: scroll it down to the last mail.
    await expect(async () => {
      await page
        .getByRole('link', {name: /\(to (the|each) /})
        .last()
        .hover()
      await page.mouse.wheel(0, 2_000)
      await expect(item).toBeVisible({timeout: 1_000})
    }).toPass({timeout: 20_000})
    await clickThrough(item, bodyInput(page))

    // The help text says which placeholder the text needs.
    await expect(page.getByTestId('field-body')).toContainText(
      '{privacyConfirmLink} the single-use link that confirms a request about one’s information (the text must include it; the subject may not)',
    )
    // Without the link, the mail could not be acted on: refused, and nothing is published.
    await bodyInput(page).fill('Hello,\n\nPlease confirm within {confirmWithin}.')
    await expect(
      page.getByText(/The text must include \{privacyConfirmLink\}/).first(),
    ).toBeAttached({timeout: 30_000})
    await expect(publishButton(page)).toBeDisabled()
    await page.screenshot({path: testInfo.outputPath('privacy-template-refused.png')})
    expect((await lakeClient({perspective: 'published'}).getDocument(PRIVACY_ID))?.body).toBe(
      defaultMailTemplate('privacyConfirm').body,
    )

    await subjectInput(page).fill(`${marker}: {privacyRequest}`)
    await bodyInput(page).fill(
      `Molo, ${marker} here.\n\nOpen this within {confirmWithin}:\n\n{privacyConfirmLink}`,
    )
    await expect(page.getByRole('region', {name: 'Preview with sample data'})).toContainText(
      `Molo, ${marker} here.`,
    )
    await expect(publishButton(page)).toBeEnabled({timeout: 30_000})
    await expect(async () => {
      if (await publishButton(page).isEnabled()) await publishButton(page).click({timeout: 2_000})
      await expect
        .poll(() => lake.getDocument(`drafts.${PRIVACY_ID}`), {timeout: 3_000})
        .toBeUndefined()
    }).toPass({timeout: 30_000})

    // Someone asks on the privacy page: the mail on the SMTP listener is the editor's, with a working link.
    const email = `e2e-privacy-template-${Date.now()}@example.com`
    await page.goto('/privacy')
    const form = page.getByRole('form', {name: 'Ask about your information'})
    await form.getByLabel('A copy of my information').check()
    await form.getByLabel('Your email address').fill(email)
    await form.getByRole('button', {name: 'Send my request'}).click()
    await expect(form.getByText(/We have sent a link to that address/)).toBeVisible()
    await expect.poll(() => mailsTo(email), {timeout: 30_000}).toHaveLength(1)
    const [mail] = await mailsTo(email)
    expect(mail!.subject).toBe(`${marker}: A copy of my information`)
    expect(mail!.text).toContain(`Molo, ${marker} here.`)
    expect(mail!.text).toContain('Open this within 24 hours:')
    const link = /https?:\/\/\S+\/privacy\/requests\/confirm\/[\w-]{43}/.exec(mail!.text)?.[0]
    expect(link).toBeTruthy()
    expect(mail!.html).toContain(`<a href="${link}">`)
    // The link opens the confirmation page (served by the server, with no script to hydrate).
    const opened = await page.request.get(link!)
    expect(opened.status()).toBe(200)
    expect(await opened.text()).toContain('Confirm my request')
  } finally {
    await restorePrivacy()
  }
})
