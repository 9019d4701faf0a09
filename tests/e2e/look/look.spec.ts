import fs from 'node:fs'
import path from 'node:path'

import type {Page} from '@playwright/test'

import {requestLinkToken} from '../../../functions/lib/request-link.ts'
import {unlock, seed} from '../admin/admin-helpers.ts'
import {quietDate} from '../booking/quiet-date.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'
import {declineAnalytics, openPage} from '../site/site.ts'
import {boxesOffTheirLabels, copyProblems, looksLike, SCREENS, type Screen} from './look.ts'

/**
 * What a person sees, on a phone and a desktop: screenshots compared with committed baselines (reviewed by eye
 * when made: `--update-snapshots`), every checkbox and radio on its own label's line, and British copy on the
 * booking, request and staff pages (the public pages' copy is read by the accessibility crawl). Fixed documents
 * with fixed dates and times make the request page and the dashboard look the same on every run; what depends on
 * today (the booking's date, the security question) is masked.
 */
const bookings = () => lakeClient({dataset: 'bookings'})

const linkSecret = () =>
  `request-link:${(JSON.parse(fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8')) as {writeToken: string}).writeToken}`

const at = (iso: string) => new Date(iso).toISOString()

/** A traveller's request in one state, always the same document. */
function request(state: string, fields: Record<string, unknown>) {
  return {
    _id: `e2e-look-${state}`,
    _type: 'booking',
    booking_ref: `CTE-LOOK-${state.toUpperCase()}`,
    status: 'new',
    created_at: at('2026-11-02T08:15:00Z'),
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    category: 'Scenic',
    date: '2030-03-05',
    preferred_time: '',
    pax_adults: 2,
    pax_children: 1,
    pax_total: 3,
    name: 'Ayanda Look',
    email: `ayanda.look.${state}@example.com`,
    phone: '+27 21 555 0101',
    country: 'South Africa',
    notes: 'Can we bring a birthday cake on board?',
    consent_booking: true,
    consent_privacy: true,
    status_history: [
      {
        _key: 'created',
        _type: 'statusChange',
        status: 'new',
        at: at('2026-11-02T08:15:00Z'),
        by: 'website',
      },
      ...((fields.history as unknown[]) ?? []),
    ],
    ...Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'history')),
  }
}

const REQUESTS = {
  waiting: request('waiting', {}),
  proposal: request('proposal', {
    status: 'contacted',
    history: [
      {
        _key: 'proposal',
        _type: 'statusChange',
        status: 'contacted',
        at: at('2026-11-03T09:30:00Z'),
        by: 'staff',
        action: 'propose',
        message: 'The boat is in for repairs that week. Would one of these suit you?',
        options: [
          {_key: 'opt-a', date: '2030-03-07', preferred_time: ''},
          {_key: 'opt-b', date: '2030-03-09', preferred_time: ''},
        ],
      },
    ],
  }),
  confirmed: request('confirmed', {
    status: 'confirmed',
    history: [
      {
        _key: 'confirm',
        _type: 'statusChange',
        status: 'confirmed',
        at: at('2026-11-03T09:30:00Z'),
        by: 'staff',
        action: 'confirm',
        message: 'A cake is welcome: the skipper keeps it cool in the galley.',
      },
    ],
  }),
  withdrawn: request('withdrawn', {
    status: 'closed',
    history: [
      {
        _key: 'withdraw',
        _type: 'statusChange',
        status: 'closed',
        at: at('2026-11-04T16:45:00Z'),
        by: 'traveller',
        action: 'withdraw',
      },
    ],
  }),
}

const linkTo = (state: keyof typeof REQUESTS) =>
  `/requests/${requestLinkToken(linkSecret(), REQUESTS[state]._id, new Date(Date.now() + 30 * 86_400_000))}`

test.beforeAll(async () => {
  await seed(bookings(), Object.values(REQUESTS))
})

async function expectBoxesOnTheirLabels(page: Page, where: string) {
  expect(await boxesOffTheirLabels(page), `${where}: boxes off their labels' line`).toEqual([])
}

async function imagesLoaded(page: Page) {
  await page.waitForFunction(() =>
    [...document.images]
      .filter((image) => {
        const box = image.getBoundingClientRect()
        return box.bottom > 0 && box.top < window.innerHeight && image.loading !== 'lazy'
      })
      .every((image) => image.complete),
  )
}

for (const screen of Object.keys(SCREENS) as Screen[]) {
  test.describe(`on a ${screen}`, () => {
    test.use({viewport: SCREENS[screen], timezoneId: 'Africa/Johannesburg', locale: 'en-GB'})

    test('home, listing, experience page and the booking form, filled and with errors', async ({
      page,
    }) => {
      test.setTimeout(120_000)
      await declineAnalytics(page)
      const copy: string[] = []

      await openPage(page, '/')
      await imagesLoaded(page)
      await expectBoxesOnTheirLabels(page, '/')
      await looksLike(page, `home-${screen}.png`)

      await openPage(page, '/experiences')
      // The first cards with a price.
      await page
        .locator('.card', {hasText: 'From ZAR 450 per person'})
        .first()
        .evaluate((card) => {
          card.scrollIntoView()
          // Clear of the fixed header, with the section's heading in sight.
          window.scrollBy(0, -160)
        })
      await imagesLoaded(page)
      // One price, made from the from price, on cards as on pages.
      await expect(page.getByText('From ZAR 450 per person').first()).toBeVisible()
      await expect(page.getByText(/R\d+–R\d+/)).toHaveCount(0)
      await looksLike(page, `listing-${screen}.png`)

      await openPage(page, '/experiences/lions-head-sunset-hike')
      // Everything the listing's "Learn more" dialog says.
      for (const heading of ['What to Bring', 'Good to Know', 'FAQs'])
        await expect(page.getByRole('heading', {name: heading, level: 2})).toBeVisible()
      // The FAQ's dividers run the list's full width, as its top border does, not indented against it (issue 42).
      const faqInsets = await page.locator('.faq-list').evaluate((list) => {
        const box = list.getBoundingClientRect()
        return [...list.querySelectorAll(':scope > li')].map((item) => {
          const own = item.getBoundingClientRect()
          return [Math.round(own.left - box.left), Math.round(box.right - own.right)]
        })
      })
      expect(faqInsets.length).toBeGreaterThan(0)
      expect(faqInsets).toEqual(faqInsets.map(() => [0, 0]))
      await imagesLoaded(page)
      await looksLike(page, `experience-${screen}.png`, {fullPage: true})

      const date = await quietDate('lions-head-sunset-hike')
      const bookingPage = `/book/lions-head-sunset-hike?date=${date}&pax=2,0`
      const masks = () => [
        page.locator('.booking-summary dd').filter({hasText: /\d{4}/}),
        page.locator('.field', {has: page.getByLabel(/Security question/)}),
      ]
      await openPage(page, bookingPage)
      await expect(page.getByLabel(/Security question/)).toBeVisible()
      // The fixed header ends above the breadcrumb.
      const header = await page.locator('header.site-nav').boundingBox()
      const crumbs = await page.getByRole('navigation', {name: 'Breadcrumb'}).boundingBox()
      expect(crumbs!.y).toBeGreaterThanOrEqual(header!.y + header!.height)
      // The summary card's text keeps clear of its border, and the card is as tall as its content.
      const card = page.locator('aside.booking-summary')
      const cardBox = (await card.boundingBox())!
      const titleBox = (await card.getByRole('heading', {level: 2}).boundingBox())!
      expect(titleBox.x - cardBox.x).toBeGreaterThanOrEqual(12)
      expect(titleBox.y - cardBox.y).toBeGreaterThanOrEqual(12)
      // Beside a taller form, the card ends with its content (its padding below the last line), not stretched.
      const lastBox = (await card.locator(':scope > *').last().boundingBox())!
      expect(cardBox.y + cardBox.height - (lastBox.y + lastBox.height)).toBeLessThanOrEqual(40)
      // One promise, the editors' words.
      await expect(page.getByText('We reply by email within one working day.')).toBeVisible()
      await expect(page.locator('main')).not.toContainText('24-48')

      await page.getByLabel('Full name').fill('Ayanda Look')
      await page.getByRole('textbox', {name: 'Email'}).fill('ayanda.look@example.com')
      await page.getByLabel('Phone').fill('+27 21 555 0101')
      await page.getByLabel('Country').selectOption('South Africa')
      await page.getByLabel('Notes or special requests').fill('Can we bring a birthday cake?')
      await page.getByLabel(/I understand this is a booking request/).check()
      // A tap in the middle of the privacy label ticks its box and stays on the form.
      await page.locator('label').filter({hasText: 'I agree to the'}).click()
      await expect(page.getByLabel(/I agree to the privacy policy/)).toBeChecked()
      await expect(page).toHaveURL(new RegExp(`/book/lions-head-sunset-hike`))
      await expect(page.getByLabel(/Send me occasional/)).not.toBeChecked()
      await expectBoxesOnTheirLabels(page, 'booking form, filled')
      copy.push(...(await copyProblems(page, bookingPage)))
      await looksLike(page, `booking-filled-${screen}.png`, {fullPage: true, mask: masks()})

      await openPage(page, bookingPage)
      await expect(page.getByLabel(/Security question/)).toBeVisible()
      await page.getByRole('button', {name: 'Send booking request'}).click()
      await expect(page.locator('.field__error').first()).toBeVisible()
      await expectBoxesOnTheirLabels(page, 'booking form, with errors')
      copy.push(...(await copyProblems(page, `${bookingPage} with errors`)))
      await looksLike(page, `booking-errors-${screen}.png`, {fullPage: true, mask: masks()})

      await openPage(page, '/questionnaire')
      await expectBoxesOnTheirLabels(page, '/questionnaire')
      copy.push(...(await copyProblems(page, '/questionnaire')))
      expect(copy).toEqual([])
    })

    test('the request page in each state', async ({page}) => {
      await declineAnalytics(page)
      const copy: string[] = []
      for (const state of Object.keys(REQUESTS) as (keyof typeof REQUESTS)[]) {
        await openPage(page, linkTo(state))
        await expect(page.getByTestId('request-reference')).toHaveText(REQUESTS[state].booking_ref)
        await expectBoxesOnTheirLabels(page, `request page, ${state}`)
        copy.push(...(await copyProblems(page, `request page, ${state}`)))
        await looksLike(page, `request-${state}-${screen}.png`, {fullPage: true})
      }
      // Confirmed: the change policy, and cancelling under it, not a bare "withdraw".
      await openPage(page, linkTo('confirmed'))
      await expect(page.getByTestId('change-policy')).toBeVisible()
      await expect(page.getByRole('button', {name: 'Cancel my booking'})).toBeVisible()

      await openPage(page, '/requests/not-a-link')
      await expect(
        page.getByRole('heading', {name: 'This link does not work', level: 1}),
      ).toBeVisible()
      copy.push(...(await copyProblems(page, 'request page, bad link')))
      await looksLike(page, `request-bad-link-${screen}.png`, {fullPage: true})
      expect(copy).toEqual([])
    })

    test('the dashboard: the list and a booking’s details', async ({page}) => {
      // No declining here: staff pages never ask the analytics question.
      await unlock(page)
      await expect(page.getByRole('region', {name: 'Analytics consent'})).toHaveCount(0)
      await expect(page.getByRole('link', {name: 'Book Experience'})).toHaveCount(0)
      // The sign-in's notice would sit over the table for a few seconds.
      const toast = page.getByTestId('toast').filter({hasText: 'Access granted'})
      await toast.getByRole('button', {name: 'Dismiss notification'}).click()
      await expect(toast).toHaveCount(0)
      await page.getByLabel('Search').fill('CTE-LOOK')
      const confirmedRow = page.locator('tr', {
        has: page.getByRole('rowheader', {name: 'CTE-LOOK-CONFIRMED', exact: true}),
      })
      await expect(confirmedRow).toBeVisible()
      await expect(page.locator('tbody tr')).toHaveCount(4)
      // British dates: "5 Mar 2030", received "2 Nov 10:15" (Cape Town time).
      await expect(confirmedRow).toContainText('5 Mar 2030')
      await expect(confirmedRow).toContainText('2 Nov 10:15')
      await expect(page.locator('main')).not.toContainText(/\b[A-Z][a-z]{2} \d{1,2}, /)
      await page.getByLabel('Search').blur()
      await expectBoxesOnTheirLabels(page, 'dashboard')
      const copy = await copyProblems(page, 'dashboard')
      await looksLike(page, `dashboard-list-${screen}.png`, {
        fullPage: true,
        // Counts include other tests' bookings; how long a request has waited grows by the hour.
        mask: [
          page.locator('.admin-tile__value'),
          page.locator('.admin-waiting-line'),
          page.locator('.admin-waiting-flag'),
        ],
      })

      await page.getByRole('button', {name: 'View details of CTE-LOOK-CONFIRMED'}).click()
      const dialog = page.getByRole('dialog', {name: 'Booking Details - CTE-LOOK-CONFIRMED'})
      await expect(dialog).toBeVisible()
      // Confirmed: nothing to move it back to "Contacted".
      await expect(dialog.getByRole('button', {name: 'Mark as Contacted'})).toHaveCount(0)
      await expect(dialog.getByText('No mail for this booking.')).toBeVisible()
      copy.push(...(await copyProblems(page, 'booking details')))
      await looksLike(dialog, `dashboard-details-${screen}.png`)
      await page.keyboard.press('Escape')

      // On a phone the views are one menu ("Show"); on a desktop, a row of buttons.
      const views = page.getByRole('navigation', {name: 'Dashboard views'})
      if (screen === 'phone') await views.getByLabel('Show').selectOption({label: 'Departures'})
      else await views.getByRole('button', {name: 'Departures'}).click()
      await expect(page.getByLabel('Include departures with no bookings')).toBeVisible()
      await expectBoxesOnTheirLabels(page, 'dashboard departures')
      expect(copy).toEqual([])

      // Still unanswered, the analytics question is not asked over a booking, and never hides a page's buttons.
      const consent = page.getByRole('region', {name: 'Analytics consent'})
      await openPage(page, '/book/lions-head-sunset-hike')
      await expect(page.getByRole('heading', {name: 'Choose your date and group'})).toBeVisible()
      await expect(consent).toHaveCount(0)
      await openPage(page, '/experiences/lions-head-sunset-hike')
      await expect(consent).toBeVisible()
      // A trial click fails when another element would receive it.
      await page.getByRole('button', {name: 'Book Experience'}).click({trial: true})
      await page.getByRole('contentinfo').getByRole('link', {name: 'Privacy'}).click({trial: true})
    })
  })
}
