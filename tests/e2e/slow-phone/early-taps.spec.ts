import {expect, holdScripts, isHydrated, openAtFirstPaint, test} from './slow-phone.ts'

// Issue 12: taps and keys made before the page has hydrated are kept, shown as taken, and performed once the
// page has hydrated; none is lost or applied twice. The scripts are held until the tap is made, so it always comes
// early, and each test checks that it did.

test('"Book Now" tapped at first paint opens the booking dialog once', async ({page}) => {
  const release = await holdScripts(page)
  await openAtFirstPaint(page, '/experiences/lions-head-sunset-hike')
  const bookNow = page.getByRole('button', {name: 'Book Now'})
  await bookNow.click()
  await bookNow.dispatchEvent('click') // an impatient second tap, at once
  const early = await bookNow.evaluate((button) => ({
    hydrated: document.documentElement.dataset.hydrated === 'true',
    busy: button.getAttribute('aria-busy'),
  }))
  expect(early.hydrated, 'the taps came before hydration').toBe(false)
  expect(early.busy, 'the tap is shown as taken').toBe('true')
  release()
  const dialog = page.getByRole('dialog', {name: 'Book this experience'})
  await expect(dialog).toBeVisible()
  await expect(dialog.getByLabel('Date')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await expect(bookNow).not.toHaveAttribute('aria-busy')
})

test('the menu button tapped at first paint opens the menu', async ({page}) => {
  const release = await holdScripts(page)
  await openAtFirstPaint(page, '/')
  const menuButton = page.getByRole('button', {name: 'Open menu'})
  await menuButton.click()
  expect(await isHydrated(page), 'the tap came before hydration').toBe(false)
  release()
  await expect(page.getByRole('dialog', {name: /menu/i})).toBeVisible()
})

test('Escape pressed at first paint closes the detail dialog the link opened', async ({page}) => {
  const release = await holdScripts(page)
  await openAtFirstPaint(page, '/experiences?exp=lions-head-sunset-hike')
  const dialog = page.getByRole('dialog', {name: /Lion.s Head Sunset Hike/})
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  expect(await isHydrated(page), 'the key came before hydration').toBe(false)
  release()
  await expect(dialog).toBeHidden()
  await expect(page).not.toHaveURL(/exp=/)
})

test('when the scripts never arrive, a form sent early goes to the server as without scripts, and nothing spins', async ({
  page,
}) => {
  await page.route('**/assets/*.js', (route) => route.abort())
  await openAtFirstPaint(page, '/questionnaire')
  await page.getByLabel('First name').fill('Nomvula')
  const send = page.getByRole('button', {name: 'Send my trip request'})
  const posted = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && new URL(request.url()).pathname === '/questionnaire',
  )
  await send.click()
  // The app's script failed: the kept submission is sent natively (the server answers it with the page again).
  await posted
  await expect(send).toBeVisible()
  await expect(send).not.toHaveAttribute('aria-busy')
  expect(await isHydrated(page)).toBe(false)
})
