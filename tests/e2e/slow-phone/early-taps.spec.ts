import {expect, holdScripts, isHydrated, openAtFirstPaint, test} from './slow-phone.ts'

// Taps and keys made before the page has hydrated are kept, shown as taken, and performed once the
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

test('the menu button tapped at first paint shows the menu at once; the app takes it over once hydrated', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await openAtFirstPaint(page, '/')
  const menuButton = page.getByRole('button', {name: 'Open menu'})
  await menuButton.click()
  const menu = page.getByRole('dialog', {name: 'Main menu'})
  // The page holds the menu (hidden): the tap shows it without waiting for the scripts.
  await expect(menu).toBeVisible()
  await expect(menu.getByRole('link', {name: 'About Us'})).toBeVisible()
  expect(await isHydrated(page), 'the tap came before hydration').toBe(false)
  release()
  // Hydrated, the app opens its menu for real: focus moves in and Escape closes it.
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true')
  await expect
    .poll(() => menu.evaluate((dialog) => dialog.contains(document.activeElement)))
    .toBe(true)
  await expect(page.getByRole('dialog')).toHaveCount(1)
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false')
})

test('Escape pressed at first paint closes the detail dialog at once, and it never shows again', async ({
  page,
}) => {
  const release = await holdScripts(page)
  await openAtFirstPaint(page, '/experiences?exp=lions-head-sunset-hike')
  const dialog = page.getByRole('dialog', {name: /Lion.s Head Sunset Hike/})
  await expect(dialog).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(await isHydrated(page), 'the key came before hydration').toBe(false)
  // From here to the app's own close, the dialog must not come back, even for a frame.
  await page.evaluate(() => {
    const state = window as Window & {__shownAgain?: boolean}
    state.__shownAgain = false
    const check = () => {
      const dialogs = [...document.querySelectorAll('[role=dialog]')]
      if (dialogs.some((element) => element.checkVisibility())) state.__shownAgain = true
    }
    new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true})
    const everyFrame = () => {
      check()
      requestAnimationFrame(everyFrame)
    }
    requestAnimationFrame(everyFrame)
  })
  release()
  await expect(page).not.toHaveURL(/exp=/)
  await expect.poll(() => isHydrated(page)).toBe(true)
  // The app closed it: gone from the page, not merely hidden.
  await expect(page.getByTestId('modal-backdrop')).toHaveCount(0)
  expect(await page.evaluate(() => (window as Window & {__shownAgain?: boolean}).__shownAgain)).toBe(
    false,
  )
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
