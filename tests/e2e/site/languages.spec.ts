import {expect, test} from '../fixtures.ts'
import {quietDate} from '../booking/quiet-date.ts'

const SLUG = 'lions-head-sunset-hike'

// docs/decisions/247-language-addresses.md, 246-interface-strings-with-lingui.md
test('the German site: German navigation, hreflang alternates, and the booking form’s messages in German', async ({
  page,
}) => {
  await page.goto('/de/experiences')
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  const nav = page.getByRole('navigation', {name: 'Hauptnavigation'})
  await expect(nav.getByRole('link', {name: 'Erlebnisse'})).toHaveAttribute(
    'href',
    '/de/experiences',
  )
  const alternates = page.locator('link[rel="alternate"][hreflang]')
  await expect(alternates).toHaveCount(5)
  const self = await page.locator('link[rel="canonical"]').getAttribute('href')
  expect(self).toMatch(/\/de\/experiences$/)
  await expect(page.locator('link[rel="alternate"][hreflang="de"]')).toHaveAttribute('href', self!)
  await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
    'href',
    self!.replace('/de/', '/'),
  )

  // The switcher keeps the page: to Dutch and back to German.
  await page
    .getByRole('navigation', {name: 'Sprache'})
    .getByRole('link', {name: 'Nederlands'})
    .click()
  await expect(page).toHaveURL(/\/nl\/experiences$/)
  await expect(page.getByRole('navigation', {name: 'Hoofdnavigatie'})).toBeVisible()

  // The booking form in German: a German message beside the field on bad input, and nothing sent.
  const date = await quietDate(SLUG)
  await page.goto(`/de/book/${SLUG}?date=${date}&pax=2,0`)
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true')
  await page.getByRole('textbox', {name: /^Vor- und Nachname/}).fill('Anna Schmidt')
  await page.getByRole('textbox', {name: /^E-Mail/}).fill('anna@beispiel')
  await page.getByRole('button', {name: 'Buchungsanfrage senden'}).click()
  await expect(page.getByRole('textbox', {name: /^E-Mail/})).toHaveAccessibleDescription(
    'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  )
  await expect(page.getByRole('alert')).toHaveText(
    /Bitte korrigieren Sie die \d+ unten markierten Felder\.$/,
  )
})
