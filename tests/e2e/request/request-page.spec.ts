import fs from 'node:fs'
import path from 'node:path'

import {expect} from '@playwright/test'

import {requestLinkToken} from '../../../functions/lib/request-link.ts'
import {formatDateInWords} from '../../../schemas/src/format-date.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {env, lakeClient, test} from '../fixtures.ts'
import {mailsContaining, mailsTo} from '../mail.ts'

/**
 * The traveller's private request page (docs/decisions/012-the-request-loop.md) on the real stack: a booking the team
 * proposed other dates for, opened from a link signed with the stack's own secret, as the mails' links are.
 */
const bookings = () => lakeClient({dataset: 'bookings'})

/**
 * The stack sets no REQUEST_LINK_SECRET, so the functions derive it from the lake's write token
 * (functions/lib/env.ts).
 */
function linkSecret(): string {
  const {writeToken} = JSON.parse(
    fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8'),
  ) as {
    writeToken: string
  }
  return `request-link:${writeToken}`
}

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`
let counter = 0
const today = todayInCapeTown()
const optionA = {_key: 'opt-a', date: addDays(today, 200), preferred_time: ''}
const optionB = {_key: 'opt-b', date: addDays(today, 201), preferred_time: ''}

async function seedProposal() {
  counter += 1
  const booking = {
    _id: `e2e-request-${run}-${counter}`,
    _type: 'booking',
    booking_ref: `CTE-R${run.toUpperCase()}-${counter}`,
    status: 'contacted',
    // Two days ago: the outbox's sweep queues the mails of the last day's bookings, which these never had.
    created_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date: addDays(today, 190),
    preferred_time: '',
    pax_adults: 2,
    pax_children: 1,
    pax_total: 3,
    name: `Ayanda Request ${run} ${counter}`,
    email: `ayanda.${run}.${counter}@example.com`,
    phone: '+27 21 555 0101',
    staff_notes: 'Internal: skipper prefers early bookings',
    status_history: [
      {
        _key: 'created',
        _type: 'statusChange',
        status: 'new',
        at: new Date(Date.now() - 86_400_000).toISOString(),
        by: 'website',
      },
      {
        _key: 'proposal',
        _type: 'statusChange',
        status: 'contacted',
        at: new Date(Date.now() - 3_600_000).toISOString(),
        by: 'staff',
        note: 'Internal: boat in dry dock',
        action: 'propose',
        message: 'The boat is in for repairs that week. Would one of these suit you?',
        options: [optionA, optionB],
      },
    ],
  }
  await bookings().createOrReplace(booking, {visibility: 'sync'})
  const token = requestLinkToken(linkSecret(), booking._id, new Date(Date.now() + 30 * 86_400_000))
  return {booking, token}
}

const stored = (id: string) =>
  bookings().fetch<{
    status: string
    date: string
    status_history: {action?: string; by?: string}[]
  }>('*[_id == $id][0]', {id})

const teamMailsAbout = async (reference: string) =>
  (await mailsTo(env.teamEmail)).filter((mail) => mail.subject.includes(reference))

test.describe('the traveller’s request page', () => {
  test('shows the request and accepts a proposed date', async ({page}) => {
    const {booking, token} = await seedProposal()
    const response = await page.goto(`/requests/${token}`)
    // Private: never cached, never indexed, and no Referer carries the link anywhere.
    expect(response!.headers()['referrer-policy']).toBe('no-referrer')
    expect(response!.headers()['cache-control']).toBe('private, no-store')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)

    await expect(
      page.getByRole('heading', {name: `Your request ${booking.booking_ref}`, level: 1}),
    ).toBeVisible()
    await expect(page.getByTestId('request-status')).toHaveText(
      'Other dates proposed: please choose one',
    )
    await expect(page.getByTestId('request-when')).toContainText(formatDateInWords(booking.date))
    await expect(page.getByText('2 adults, 1 child')).toBeVisible()
    await expect(page.getByText('The boat is in for repairs that week.').first()).toBeVisible()
    const main = page.getByRole('main')
    await expect(main).not.toContainText('Internal:')
    await expect(main).not.toContainText(booking.email)

    const choice = page.getByRole('group', {name: 'Choose a date'})
    await choice.getByRole('radio', {name: formatDateInWords(optionB.date)}).check()
    await page.getByRole('button', {name: 'Accept this date'}).click()
    await expect(
      page.getByRole('status').filter({hasText: 'Your new date is confirmed'}),
    ).toBeVisible()
    await expect(page.getByTestId('request-status')).toHaveText('Confirmed')
    await expect(page.getByRole('button', {name: 'Accept this date'})).toHaveCount(0)

    const after = await stored(booking._id)
    expect(after).toMatchObject({status: 'confirmed', date: optionB.date})
    expect(after.status_history.at(-1)).toMatchObject({action: 'accept', by: 'traveller'})
    await expect.poll(() => teamMailsAbout(booking.booking_ref)).toHaveLength(1)
    const [mail] = await teamMailsAbout(booking.booking_ref)
    expect(mail!.subject).toContain(`accepted ${formatDateInWords(optionB.date)}`)
    // The traveller receives the same confirmation as after a staff confirmation, over SMTP.
    await expect.poll(() => mailsTo(booking.email)).toHaveLength(1)
    const [confirmation] = await mailsTo(booking.email)
    expect(confirmation!.subject).toBe(
      `Confirmed: Sunset Cruise on ${formatDateInWords(optionB.date)}`,
    )
    expect(confirmation!.text).toContain(booking.booking_ref)
    expect(confirmation!.text).toContain(`${env.siteUrl}/requests/`)
    // Confirmed, the page offers the change policy with the way out, not a bare "withdraw".
    await expect(page.getByTestId('change-policy')).toHaveText(
      'Free changes up to 48 hours before your experience. No-shows are non-refundable.',
    )
    await expect(page.getByRole('button', {name: 'Withdraw my request'})).toHaveCount(0)
    await expect(page.getByRole('button', {name: 'Cancel my booking'})).toBeVisible()
    // Reloading and the outbox's next passes send nothing more.
    await page.reload()
    await expect(page.getByTestId('request-status')).toHaveText('Confirmed')
    await page.waitForTimeout(6_000)
    expect(await teamMailsAbout(booking.booking_ref)).toHaveLength(1)
    expect(await mailsTo(booking.email)).toHaveLength(1)
  })

  test('arrives from the server with its content, readable without JavaScript', async ({
    browser,
    request,
  }) => {
    const {booking, token} = await seedProposal()
    const response = await request.get(`/requests/${token}`)
    expect(response.headers()['cache-control']).toBe('private, no-store')
    const html = (await response.text()).replaceAll('<!-- -->', '')
    expect(html).toContain(`Your request <span class="reference">${booking.booking_ref}</span>`)
    expect(html).toContain('Sunset Cruise')
    expect(html).toContain('Other dates proposed: please choose one')
    expect(html).not.toContain('Loading your request')

    const context = await browser.newContext({javaScriptEnabled: false})
    try {
      const page = await context.newPage()
      await page.goto(`/requests/${token}`)
      await expect(page.getByTestId('request-status')).toHaveText(
        'Other dates proposed: please choose one',
      )
      await expect(page.getByTestId('request-when')).toContainText(formatDateInWords(booking.date))
      await expect(page.getByText('The boat is in for repairs that week.').first()).toBeVisible()
      await expect(page.getByRole('main')).not.toContainText('Internal:')
    } finally {
      await context.close()
    }
  })

  test('without JavaScript, accepts a proposed date by the form’s plain post', async ({
    browser,
  }) => {
    const {booking, token} = await seedProposal()
    const context = await browser.newContext({javaScriptEnabled: false})
    try {
      const page = await context.newPage()
      await page.goto(`/requests/${token}`)
      // Nothing chosen: the API's words, nothing changed.
      await page.getByRole('button', {name: 'Accept this date'}).click()
      await expect(page.getByRole('alert').filter({hasText: 'Not saved'})).toBeVisible()
      expect(await stored(booking._id)).toMatchObject({status: 'contacted', date: booking.date})

      const choice = page.getByRole('group', {name: 'Choose a date'})
      await choice.getByRole('radio', {name: formatDateInWords(optionA.date)}).check()
      const answer = page.waitForResponse((r) => r.request().method() === 'POST')
      await page.getByRole('button', {name: 'Accept this date'}).click()
      expect((await answer).status()).toBe(200)
      await expect(
        page.getByRole('status').filter({hasText: 'Your new date is confirmed'}),
      ).toBeVisible()
      await expect(page.getByTestId('request-status')).toHaveText('Confirmed')
      expect(await stored(booking._id)).toMatchObject({status: 'confirmed', date: optionA.date})
      await expect.poll(() => mailsTo(booking.email)).toHaveLength(1)
    } finally {
      await context.close()
    }
  })

  test('withdraws behind a confirmation dialog that keeps and restores focus', async ({page}) => {
    const {booking, token} = await seedProposal()
    await page.goto(`/requests/${token}`)
    const withdraw = page.getByRole('button', {name: 'Withdraw my request'})
    await withdraw.click()
    const dialog = page.getByRole('dialog', {name: 'Withdraw your request?'})
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', {name: 'Keep my request'})).toBeFocused()
    // Tab cycles inside the dialog.
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(withdraw).toBeFocused()
    expect((await stored(booking._id)).status).toBe('contacted')

    await withdraw.click()
    await dialog.getByRole('button', {name: 'Yes, withdraw it'}).click()
    const done = page.getByRole('status').filter({hasText: 'Your request is withdrawn'})
    await expect(done).toBeVisible()
    await expect(done).toBeFocused()
    await expect(page.getByTestId('request-status')).toHaveText('Withdrawn by you')
    await expect(page.getByText('Withdrawn by the traveller')).toBeVisible()
    expect(await stored(booking._id)).toMatchObject({status: 'closed'})
    await expect.poll(() => teamMailsAbout(booking.booking_ref)).toHaveLength(1)
    expect((await teamMailsAbout(booking.booking_ref))[0]!.subject).toContain('Withdrawn')
  })

  test('an altered link shows nothing, and a new link goes to the booking’s own address only', async ({
    page,
  }) => {
    const {booking, token} = await seedProposal()
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    await page.goto(`/requests/${altered}`)
    await expect(
      page.getByRole('heading', {name: 'This link does not work', level: 1}),
    ).toBeVisible()
    const main = page.getByRole('main')
    await expect(main).not.toContainText(booking.booking_ref)
    await expect(main).not.toContainText('Sunset Cruise')

    // Another address with the right reference: the same answer, and no mail to anyone.
    const intruder = `intruder.${run}@example.com`
    await page.getByLabel('Booking reference').fill(booking.booking_ref)
    await page.getByLabel('Email address').fill(intruder)
    await page.getByRole('button', {name: 'Send me a new link'}).click()
    const sent = page
      .getByRole('status')
      .filter({hasText: 'If the reference and email match a request'})
    await expect(sent).toBeVisible()

    await page.getByLabel('Email address').fill(booking.email.toUpperCase())
    await page.getByRole('button', {name: 'Send me a new link'}).click()
    await expect(sent).toBeVisible()
    await expect.poll(async () => (await mailsTo(booking.email)).length).toBe(1)
    expect(await mailsTo(intruder)).toHaveLength(0)
    const aboutIt = await mailsContaining(booking.booking_ref)
    expect(aboutIt.every((mail) => mail.to.every((to) => to.toLowerCase() === booking.email))).toBe(
      true,
    )

    const [mail] = await mailsTo(booking.email)
    const link = /http:\/\/localhost:\d+\/requests\/[\w.-]+/.exec(mail!.text)![0]
    await page.goto(link.replace(/^http:\/\/localhost:\d+/, ''))
    await expect(
      page.getByRole('heading', {name: `Your request ${booking.booking_ref}`}),
    ).toBeVisible()
  })

  test('odd links stay on this site', async ({page}) => {
    for (const odd of [
      '/requests/%2F%2Fevil.com',
      '/requests/%5C%5Cevil.com',
      '/requests/..%2F..%2Fevil.com',
    ]) {
      await page.goto(odd)
      expect(new URL(page.url()).origin).toBe(env.siteUrl)
      await expect(page.getByRole('heading', {name: 'This link does not work'})).toBeVisible()
    }
  })
})
