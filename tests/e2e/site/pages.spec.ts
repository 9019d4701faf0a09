import {expect, test} from '../fixtures.ts'
import {
  bookingControl,
  declineAnalytics,
  EXPERIENCE_SLUGS,
  FILTER_LABELS,
  openPage,
  STORY_CTA_TARGETS,
  STORY_SLUGS,
} from './site.ts'

// Every route of the site's route table with its seeded content, read the way a visitor reads it.
test.describe('public pages', () => {
  test.beforeEach(async ({page}) => declineAnalytics(page))

  test('home: hero, quick search, featured experiences, stories, how it works, testimonials', async ({
    page,
  }) => {
    await openPage(page, '/')
    const main = page.getByRole('main')
    await expect(main.getByRole('heading', {level: 1})).toBeVisible()
    await expect(main.getByRole('link', {name: /explore experiences/i}).first()).toHaveAttribute(
      'href',
      '/experiences',
    )
    await expect(main.getByRole('link', {name: /bespoke/i}).first()).toHaveAttribute(
      'href',
      '/questionnaire',
    )
    await expect(main.getByRole('button', {name: 'Find Options'})).toBeVisible()

    const featured = page.getByRole('region', {name: 'Featured experiences'}).getByRole('article')
    await expect(featured).toHaveCount(7)
    for (const card of await featured.all()) {
      await expect(bookingControl(card, /^Book/)).toBeVisible()
      await expect(card.getByRole('link', {name: /^Learn more/})).toBeVisible()
    }
    await expect(main.locator('a[href="/itinerary/bespoke-7-day"]').first()).toBeVisible()

    const stories = page.getByRole('region', {name: 'Local stories'})
    const teasers = stories.getByRole('article')
    await expect(teasers).toHaveCount(3)
    const teaserLinks = await teasers
      .getByRole('link', {name: /^Read the story/})
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(teaserLinks).toEqual([
      '/stories/woodstock-art-studios',
      '/stories/old-biscuit-mill',
      '/stories/cape-jazz-scene',
    ])
    await expect(stories.getByRole('link', {name: 'Read more stories'})).toHaveAttribute(
      'href',
      '/local-stories',
    )

    const howItWorks = page.getByRole('region', {name: 'How it works'})
    for (const step of ['Pick or request', 'We confirm', 'Enjoy']) {
      await expect(howItWorks.getByRole('heading', {name: step})).toBeVisible()
    }
    await expect(howItWorks).toContainText('No payment to request')

    const testimonials = page.getByRole('region', {name: 'What travellers say'}).getByRole('figure')
    await expect(testimonials).toHaveCount(3)
    for (const testimonial of await testimonials.all()) {
      await expect(testimonial.getByRole('blockquote')).not.toBeEmpty()
      await expect(testimonial).toContainText(/[A-Z]\.,\s+\S/)
    }
    await expect(main.getByRole('textbox', {name: 'Email'})).toBeVisible()
  })

  test('experiences listing: filters, sections in order, bespoke card, category pre-selection', async ({
    page,
  }) => {
    await openPage(page, '/experiences')
    const filters = page.getByRole('list', {name: 'Filter by category'}).getByRole('link')
    await expect(filters).toHaveText(FILTER_LABELS)
    await expect(
      page
        .getByRole('list', {name: 'Filter by category'})
        .getByRole('link', {name: 'All Experiences'}),
    ).toHaveAttribute('aria-current', 'true')
    const sections = page
      .getByRole('region', {name: 'Experiences'})
      .getByRole('heading', {level: 2})
    const headings = (await sections.allTextContents()).filter((text) =>
      FILTER_LABELS.includes(text),
    )
    expect(headings.length).toBeGreaterThanOrEqual(5)
    // Sections follow the filters' order (a category without experiences has no section).
    const order = headings.map((heading) => FILTER_LABELS.indexOf(heading))
    expect(order).toEqual([...order].sort((a, b) => a - b))

    const bespoke = page.getByRole('article', {name: 'Bespoke Cape Town Itinerary'})
    await expect(bespoke.getByRole('link', {name: 'Start Questionnaire'})).toHaveAttribute(
      'href',
      '/questionnaire',
    )
    await expect(bespoke.getByRole('link', {name: 'View Sample Itinerary'})).toHaveAttribute(
      'href',
      '/itinerary/bespoke-7-day',
    )
    await expect(bespoke).not.toContainText('From Priced')
    await expect(
      bookingControl(page.getByRole('article', {name: 'Sunset Cruise'}), /^Book Experience/),
    ).toBeVisible()
    await expect(page.getByRole('button', {name: /^Learn more about Sunset Cruise/})).toBeVisible()

    await page
      .getByRole('list', {name: 'Filter by category'})
      .getByRole('link', {name: 'Scenic'})
      .click()
    await expect(page).toHaveURL(/[?&]category=scenic/)
    await expect(page.getByRole('article', {name: 'Sunset Cruise'})).toBeVisible()
    await expect(page.getByRole('article', {name: 'Cape Winelands Tour'})).toHaveCount(0)

    await openPage(page, '/experiences?category=bespoke')
    await expect(
      page
        .getByRole('list', {name: 'Filter by category'})
        .getByRole('link', {name: 'Bespoke', exact: true}),
    ).toHaveAttribute('aria-current', 'true')
    await expect(page.getByRole('article', {name: 'Bespoke Cape Town Itinerary'})).toBeVisible()
    await expect(page.getByRole('article', {name: 'Sunset Cruise'})).toHaveCount(0)
  })

  test('the six static experience pages', async ({page}) => {
    for (const slug of EXPERIENCE_SLUGS) {
      const response = await page.goto(`/experiences/${slug}`)
      expect(response?.status(), slug).toBe(200)
      const main = page.getByRole('main')
      await expect(main.getByRole('heading', {level: 1})).not.toBeEmpty()
      await expect(main.getByText(/^From ZAR [\d,]+ per person$/).first()).toBeVisible()
      await expect(main.getByText('Small groups', {exact: true})).toBeVisible()
      await expect(bookingControl(main, 'Book Experience')).toBeVisible()
      await expect(bookingControl(main, 'Book Now')).toBeVisible()
      await expect(main.getByRole('heading', {name: 'What to Expect'})).toBeVisible()
      await expect(main.getByRole('heading', {name: 'What’s Included'})).toBeVisible()
      await expect(main.getByRole('complementary', {name: 'Quick Info'})).toBeVisible()
    }
  })

  test('stories: both listings and the nine story pages with their calls to action', async ({
    page,
  }) => {
    for (const path of ['/stories', '/local-stories']) {
      await page.goto(path)
      const cards = page.getByRole('main').getByRole('article')
      await expect(cards).toHaveCount(9)
      const links = await cards
        .getByRole('link', {name: /^Read the story/})
        .evaluateAll((all) => all.map((link) => link.getAttribute('href')))
      expect([...links].sort()).toEqual(STORY_SLUGS.map((slug) => `/stories/${slug}`).sort())
      await expect(
        page
          .getByRole('main')
          .getByRole('link', {name: /experiences/i})
          .last(),
      ).toHaveAttribute('href', '/experiences')
    }

    for (const slug of STORY_SLUGS) {
      const response = await page.goto(`/stories/${slug}`)
      expect(response?.status(), slug).toBe(200)
      const article = page.getByRole('main').getByRole('article')
      await expect(article.getByRole('heading', {level: 1})).not.toBeEmpty()
      await expect(article.getByRole('paragraph').nth(3)).not.toBeEmpty()
      const back = page.getByRole('main').getByRole('link', {name: /^Back/})
      await expect(back).toHaveAttribute('href', /^\/(stories)?$/)
      const cta = page.locator('main a[data-scroll-preserve]')
      await expect(cta, slug).toHaveAttribute('href', STORY_CTA_TARGETS[slug]!)
      await expect(cta).toHaveText(/\S/)
    }
  })

  test('about, sample itinerary, thank-you, privacy and contact', async ({page}) => {
    await page.goto('/about')
    await expect(page.getByText('Our Story')).toBeVisible()
    await expect(page.getByRole('heading', {name: 'Our philosophy'})).toBeVisible()
    await expect(page.getByRole('heading', {name: 'Who we work with'})).toBeVisible()
    await expect(page.getByRole('main').locator('a[href="/experiences"]')).not.toHaveCount(0)

    await page.goto('/itinerary/bespoke-7-day')
    const main = page.getByRole('main')
    await expect(main.getByRole('navigation', {name: 'Breadcrumb'})).toContainText(
      /Home.*Experiences.*Sample/,
    )
    const days = page.getByRole('region', {name: 'Day by day'}).getByRole('heading', {level: 3})
    await expect(days).toHaveText([
      /City & Table Mountain/,
      /Winelands/,
      /Cape Point & Penguins/,
      /Woodstock & Bo-Kaap/,
      /Ocean & Sunset/,
      /Jazz & Nightlife/,
      /Your Way/,
    ])
    const dayByDay = page.getByRole('region', {name: 'Day by day'})
    for (const part of ['Morning', 'Afternoon', 'Evening']) {
      await expect(dayByDay.getByRole('term').filter({hasText: part})).toHaveCount(7)
    }
    await expect(
      page
        .getByRole('region', {name: 'Bespoke services'})
        .getByRole('list')
        .first()
        .getByRole('listitem'),
    ).toHaveCount(15)
    await expect(main).toContainText(/pricing is on request/i)
    await expect(main.getByRole('link', {name: 'Start Questionnaire'}).first()).toHaveAttribute(
      'href',
      '/questionnaire',
    )
    await expect(main.getByRole('link', {name: 'Talk to a planner', exact: true})).toHaveAttribute(
      'href',
      '/contact?type=bespoke',
    )
    await expect(main.getByRole('link', {name: 'Talk to a Planner', exact: true})).toHaveAttribute(
      'href',
      '/about',
    )

    await page.goto('/thank-you')
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Thank you — we’re on it')
    await expect(page.getByText('We reply by email within one working day.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3)
    await expect(page.getByRole('link', {name: 'Back to homepage'})).toHaveAttribute('href', '/')
    await expect(page.getByRole('link', {name: 'Explore experiences'})).toHaveAttribute(
      'href',
      '/experiences#results',
    )

    await page.goto('/privacy')
    await expect(page.getByRole('heading', {level: 1, name: 'Privacy'})).toBeVisible()
    await page.goto('/contact?type=bespoke')
    await expect(page.getByRole('heading', {level: 1})).toBeVisible()
    await expect(page.getByRole('main').locator('a[href^="mailto:"]')).not.toHaveCount(0)
  })

  test('the audit and image-review pages are gone: anyone could open them', async ({page}) => {
    for (const path of [
      '/audit-copy-enGB',
      '/audit-story-links',
      '/audit-routing-ux',
      '/image-review',
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
    }
  })

  test('redirects keep the query string, and unknown paths answer 404', async ({page}) => {
    await page.goto('/experiences/custom')
    await expect(page).toHaveURL(/\/experiences\?category=bespoke$/)
    await expect(
      page
        .getByRole('list', {name: 'Filter by category'})
        .getByRole('link', {name: 'Bespoke', exact: true}),
    ).toHaveAttribute('aria-current', 'true')
    for (const path of ['/about-us?x=1', '/aboutus?x=1']) {
      await page.goto(path)
      await expect(page, path).toHaveURL(/\/about\?x=1$/)
    }

    for (const path of [
      '/no-such-page',
      '/stories/no-such-story',
      '/experiences/no-such-experience',
    ]) {
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(404)
      await expect(page.getByRole('heading', {level: 1})).toHaveText('Oops! Page not found')
      await expect(page.getByRole('main').getByRole('link', {name: /home/i})).toHaveAttribute(
        'href',
        '/',
      )
    }
  })
})
