import {env, expect, test} from '../fixtures.ts'
import {bookingControl, capeTownDate, declineAnalytics, openPage} from './site.ts'

test.describe('site behaviour', () => {
  test.beforeEach(async ({page}) => declineAnalytics(page))

  test('quick search leads to the questionnaire for Bespoke and to the listing otherwise', async ({
    page,
  }) => {
    const date = capeTownDate(5)
    const search = page.getByRole('form', {name: /visiting/i})
    await openPage(page, '/')

    // Earlier than today + 2 is refused with a message.
    await search.getByLabel('Date').fill(capeTownDate(1))
    await search.getByRole('button', {name: 'Find Options'}).click()
    await expect(search.getByRole('alert')).toBeVisible()
    await expect(page).toHaveURL(/\/$/)

    await search.getByLabel('Date').fill(date)
    await search.getByLabel('Adults').selectOption('3')
    await search.getByLabel('Children').selectOption('1')
    await search.getByRole('radio', {name: 'Bespoke'}).check()
    await search.getByRole('button', {name: 'Find Options'}).click()
    await expect(page).toHaveURL(`/questionnaire?date=${date}&paxA=3&paxC=1`)

    await openPage(page, '/')
    await search.getByLabel('Date').fill(date)
    await search.getByLabel('Adults').selectOption('4')
    await search.getByRole('radio', {name: 'Scenic'}).check()
    await search.getByRole('button', {name: 'Find Options'}).click()
    await expect(page).toHaveURL(`/experiences?category=scenic&date=${date}&paxA=4&paxC=0#results`)
    await expect(
      page
        .getByRole('list', {name: 'Filter by category'})
        .getByRole('link', {name: 'Scenic', exact: true}),
    ).toHaveAttribute('aria-current', 'true')

    // "All" leaves the category out.
    await openPage(page, '/')
    await search.getByRole('button', {name: 'Find Options'}).click()
    await expect(page).toHaveURL('/experiences?paxA=2&paxC=0#results')
  })

  test('the detail dialog mirrors its open state in ?exp= and closes every way', async ({page}) => {
    await openPage(page, '/experiences?exp=lions-head-sunset-hike')
    const dialog = page.getByRole('dialog', {name: 'Lion’s Head Sunset Hike'})
    await expect(dialog).toBeVisible()
    await expect(page.locator('body')).toHaveAttribute('data-modal-open', 'true')
    await expect(dialog).toContainText('Adventure')
    await expect(dialog.getByRole('list', {name: 'Key facts'})).toContainText(
      'From ZAR 450 per person',
    )
    for (const section of [
      'Highlights',
      'What to expect',
      'What’s included',
      'Optional extras',
      'What to bring',
      'Good to know',
      'Meeting & pick-up',
      'Cancellation & changes',
      'FAQs',
    ]) {
      await expect(dialog.getByRole('heading', {name: section, exact: true})).toBeVisible()
    }
    // One FAQ open at a time.
    const questions = dialog.getByRole('button', {expanded: false}).filter({hasNotText: 'Close'})
    const count = await dialog.locator('[aria-expanded]').count()
    expect(count).toBeGreaterThanOrEqual(2)
    expect(count).toBeLessThanOrEqual(5)
    await questions.first().click()
    await expect(dialog.locator('[aria-expanded="true"]')).toHaveCount(1)
    await dialog.locator('[aria-expanded="false"]').first().click()
    await expect(dialog.locator('[aria-expanded="true"]')).toHaveCount(1)
    await expect(bookingControl(dialog, 'Book this experience')).toBeVisible()

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/experiences$/)
    await expect(page.locator('body')).not.toHaveAttribute('data-modal-open', 'true')

    const learnMore = page.getByRole('button', {name: /^Learn more about Sunset Cruise/})
    const cruise = page.getByRole('dialog', {name: 'Sunset Cruise'})
    const closeWays = [
      async () => page.mouse.click(5, page.viewportSize()!.height - 5),
      async () => cruise.getByRole('button', {name: 'Close dialog'}).click(),
      async () => cruise.getByRole('button', {name: 'Close', exact: true}).click(),
    ]
    for (const close of closeWays) {
      await learnMore.click()
      await expect(cruise).toBeVisible()
      await expect(page).toHaveURL(/[?&]exp=sunset-cruise$/)
      await close()
      await expect(cruise).toBeHidden()
      await expect(page).toHaveURL(/\/experiences$/)
    }
    // Focus goes back to the card's button, so keyboard users keep their place.
    await expect(learnMore).toBeFocused()

    await openPage(page, '/experiences?category=bespoke&exp=bespoke-cape-town-itinerary')
    const bespoke = page.getByRole('dialog', {name: 'Bespoke Cape Town Itinerary'})
    await expect(bespoke.getByRole('link', {name: 'Start Questionnaire'})).toHaveAttribute(
      'href',
      '/questionnaire',
    )
    await bespoke.getByRole('button', {name: 'Close', exact: true}).click()
    await expect(page).toHaveURL(/\/experiences\?category=bespoke$/)
  })

  test('mobile menu: a modal dialog with focus trap, Escape, backdrop and focus return', async ({
    page,
  }) => {
    await page.setViewportSize({width: 360, height: 740})
    await openPage(page, '/')
    const button = page.getByRole('button', {name: 'Open menu'})
    const menu = page.getByRole('dialog', {name: 'Main menu'})
    await button.click()
    await expect(menu).toBeVisible()
    await expect(button).toHaveAttribute('aria-expanded', 'true')
    await expect(page.locator('body')).toHaveCSS('overflow', 'hidden')
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'Experiences',
      'Local Stories',
      'About Us',
      'Book Experience',
    ])

    // Tab and Shift+Tab cycle inside the menu.
    const focusables = await menu.locator('a, button').count()
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Tab')
      await expect(menu.locator(':focus')).toHaveCount(1)
    }
    for (let i = 0; i < focusables + 2; i++) {
      await page.keyboard.press('Shift+Tab')
      await expect(menu.locator(':focus')).toHaveCount(1)
    }

    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()
    await expect(page.locator('body')).not.toHaveCSS('overflow', 'hidden')

    await button.click()
    await expect(menu).toBeVisible()
    await page.getByTestId('mobile-menu-backdrop').click({position: {x: 5, y: 700}})
    await expect(menu).toBeHidden()
    await expect(button).toBeFocused()

    await button.click()
    await menu.getByRole('link', {name: 'Local Stories'}).click()
    await expect(page).toHaveURL('/local-stories')
    await expect(menu).toBeHidden()
  })

  test('the navigation turns solid after 64 px of scrolling', async ({page}) => {
    await openPage(page, '/')
    const header = page.getByRole('banner')
    await expect(header).toHaveAttribute('data-solid', 'false')
    await page.evaluate(() => window.scrollTo(0, 64))
    await expect(header).toHaveAttribute('data-solid', 'false')
    await page.evaluate(() => window.scrollTo(0, 65))
    await expect(header).toHaveAttribute('data-solid', 'true')
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect(header).toHaveAttribute('data-solid', 'false')
  })

  test('client-side content requests go to the lake the server was started with', async ({
    page,
  }) => {
    await openPage(page, '/')
    // The stories listing is not in the home page's data, so the browser asks the lake for it.
    const lakeRequest = page.waitForRequest((request) => request.url().includes('/data/query/'))
    await page.getByRole('banner').getByRole('link', {name: 'Local Stories'}).click()
    expect(new URL((await lakeRequest).url()).origin).toBe(env.lakeUrl)
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(9)
  })

  test('pages are served as HTML with their content, head tags and JSON-LD', async ({request}) => {
    const experience = await (await request.get('/experiences/lions-head-sunset-hike')).text()
    expect(experience).toMatch(/<h1[^>]*>Lion’s Head Sunset Hike<\/h1>/)
    expect(experience).toContain('From ZAR 450 per person')
    expect(experience).toMatch(/<title>Lion’s Head Sunset Hike \| [^<]+<\/title>/)
    expect(experience).toMatch(/<meta name="description" content="[^"]{20,}"/)
    expect(experience).toContain(
      `<link rel="canonical" href="${env.siteUrl}/experiences/lions-head-sunset-hike"`,
    )
    expect(experience).toContain('<meta property="og:title"')
    const ld = jsonLd(experience)
    const trip = ld.find((item) => item['@type'] === 'TouristTrip' || item['@type'] === 'Product')
    expect(trip).toBeTruthy()
    expect(JSON.stringify(trip)).toContain('"priceCurrency":"ZAR"')
    expect(ld.some((item) => item['@type'] === 'Organization')).toBe(true)

    const story = await (await request.get('/stories/cape-jazz-scene')).text()
    expect(story).toContain('Cape Town’s Jazz Scene')
    expect(jsonLd(story).some((item) => item['@type'] === 'Article')).toBe(true)

    const home = await (await request.get('/')).text()
    expect(home).toContain('Featured experiences')
    expect(home).toContain('Bo-Kaap Food Walk')
    expect(jsonLd(home).some((item) => item['@type'] === 'Organization')).toBe(true)

    // The browser's content settings come from this server's environment, never with a token.
    const config = /<script>window\.__SITE_CONFIG__=(\{[^<]*\})<\/script>/.exec(home)?.[1]
    expect(JSON.parse(config ?? '{}')).toEqual({
      projectId: 'local',
      dataset: 'production',
      apiHost: env.lakeUrl,
      apiVersion: expect.any(String),
      siteUrl: env.siteUrl,
    })
    expect(home).not.toMatch(/token/i)

    const sitemap = await (await request.get('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${env.siteUrl}/stories/cape-jazz-scene</loc>`)
    expect(await (await request.get('/robots.txt')).text()).toContain('Sitemap:')
  })

  test('a change published to the lake shows on the next visit within five seconds', async ({
    page,
    lake,
  }) => {
    const id = 'experience-sunset-cruise'
    const {description} = await lake.getDocument<{description: string}>(id).then((doc) => doc!)
    const changed = `${description} Published by the site test ${Date.now()}.`
    await lake.patch(id).set({description: changed}).commit()
    try {
      const started = Date.now()
      await expect(async () => {
        await page.goto('/experiences/sunset-cruise')
        await expect(page.getByText(changed)).toBeVisible({timeout: 500})
      }).toPass({timeout: 5_000, intervals: [250]})
      expect(Date.now() - started).toBeLessThan(5_000)
    } finally {
      await lake.patch(id).set({description}).commit()
    }
  })
})

type JsonLd = Record<string, unknown>

/** Every JSON-LD object in a page, with `@graph` entries flattened. */
function jsonLd(html: string): JsonLd[] {
  const blocks = [
    ...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g),
  ]
  return blocks.flatMap(([, json]) => {
    const value = JSON.parse(json!) as JsonLd | JsonLd[]
    const items = Array.isArray(value) ? value : [value]
    return items.flatMap((item) =>
      Array.isArray(item['@graph']) ? (item['@graph'] as JsonLd[]) : [item],
    )
  })
}

test('without scripts, the listing filters are links the server answers with the filtered list', async ({
  browser,
}) => {
  const context = await browser.newContext({javaScriptEnabled: false, baseURL: env.siteUrl})
  try {
    const page = await context.newPage()
    await page.goto('/experiences')
    const filters = page.getByRole('list', {name: 'Filter by category'})
    await filters.getByRole('link', {name: 'Scenic', exact: true}).click()
    await expect(page).toHaveURL(/\/experiences\?category=scenic$/)
    await expect(filters.getByRole('link', {name: 'Scenic', exact: true})).toHaveAttribute(
      'aria-current',
      'true',
    )
    await expect(page.getByRole('article', {name: 'Sunset Cruise'})).toBeVisible()
    await expect(page.getByRole('article', {name: 'Cape Winelands Tour'})).toHaveCount(0)
  } finally {
    await context.close()
  }
})

test('without scripts, the phone menu opens and leads on, and "Book Now" leads to the booking page', async ({
  browser,
}) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: env.siteUrl,
    viewport: {width: 390, height: 844},
  })
  try {
    const page = await context.newPage()
    await page.goto('/')
    // The scripts' menu button would do nothing: it is not shown; the disclosure is.
    await expect(page.getByRole('button', {name: 'Open menu'})).toBeHidden()
    const menu = page.getByRole('navigation', {name: 'Menu'})
    await expect(menu).toBeHidden()
    // A <summary>, which Chromium's accessibility tree names but does not call a button.
    await page
      .locator('summary', {has: page.getByText('☰')})
      .and(page.getByLabel('Menu'))
      .click()
    await expect(menu).toBeVisible()
    await menu.getByRole('link', {name: 'Experiences'}).click()
    await expect(page).toHaveURL(/\/experiences$/)

    await page.goto('/experiences/lions-head-sunset-hike')
    await expect(page.getByRole('button', {name: 'Book Now'})).toBeHidden()
    await page.getByRole('link', {name: 'Book Now'}).click()
    await expect(page).toHaveURL(/\/book\/lions-head-sunset-hike$/)
    const choice = page.getByRole('region', {name: 'Choose your date and group'})
    await expect(choice.getByLabel('Date')).toBeVisible()
  } finally {
    await context.close()
  }
})
