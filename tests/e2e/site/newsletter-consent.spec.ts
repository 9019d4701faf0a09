import fs from 'node:fs'

import type {Page} from '@playwright/test'

import {NEWSLETTER_SUCCESS_MESSAGE} from '../../../schemas/src/newsletter-messages.ts'
import {unlock} from '../admin/admin-helpers.ts'
import {env, expect, lakeClient, test, waitForHydration} from '../fixtures.ts'
import {mailsTo, type ReceivedMail} from '../mail.ts'

/**
 * The newsletter end to end, on the real stack and the real SMTP sink: double opt-in through the mailed link, the
 * RFC 8058 one-click unsubscribe on the subscriber's mail (a cookie-less POST, as a mail provider sends it), and
 * the managers' export, which lists only confirmed addresses that have not left.
 */
const bookings = () => lakeClient({dataset: 'bookings'})

async function signUp(page: Page, email: string) {
  await page.goto('/')
  await waitForHydration(page)
  const form = page.locator('form[data-form="newsletter"]')
  await form.getByLabel('Name').fill('Nomsa')
  await form.getByRole('textbox', {name: 'Email'}).fill(email)
  await form.getByRole('checkbox').check()
  await form.getByRole('button').click()
  await expect(form.getByRole('status')).toContainText(NEWSLETTER_SUCCESS_MESSAGE)
}

async function onlyMailTo(email: string, subject: RegExp): Promise<ReceivedMail> {
  await expect
    .poll(async () => (await mailsTo(email)).filter((mail) => subject.test(mail.subject)).length)
    .toBe(1)
  return (await mailsTo(email)).find((mail) => subject.test(mail.subject))!
}

async function exportedSubscribers(page: Page): Promise<string> {
  await page.getByRole('button', {name: 'Privacy register'}).click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', {name: 'Download subscribers (CSV)'}).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/)
  return fs.readFileSync((await download.path())!, 'utf8')
}

test('sign-up, confirmation by mail, one-click unsubscribe without cookies, and the export', async ({
  page,
  browser,
}) => {
  const email = `news-${Date.now()}@example.com`
  await signUp(page, email)
  const status = () =>
    bookings().fetch<string | null>('*[_type == "newsletterSignup" && email == $email][0].status', {
      email,
    })
  expect(await status()).toBe('pending')

  // The confirmation goes to the address given, with the link; opening it confirms nothing by itself.
  const confirmation = await onlyMailTo(email, /confirm your newsletter sign-up/i)
  const confirmUrl = /https?:\/\/\S+\/newsletter\/confirm\?token=[\w.-]+/.exec(
    confirmation.text,
  )![0]
  expect(confirmUrl.startsWith(env.siteUrl)).toBe(true)
  expect(confirmation.text).not.toContain('Nomsa')
  await page.goto(confirmUrl.slice(env.siteUrl.length))
  await expect(page.getByRole('heading', {name: 'Confirm your newsletter sign-up'})).toBeVisible()
  expect(await status()).toBe('pending')
  await page.getByRole('button', {name: 'Confirm my sign-up'}).click()
  await expect(page.getByRole('heading', {name: 'You are subscribed'})).toBeVisible()
  expect(await status()).toBe('confirmed')
  // The same link again: spent.
  await page.goto(confirmUrl.slice(env.siteUrl.length))
  await page.getByRole('button', {name: 'Confirm my sign-up'}).click()
  await expect(page.getByRole('heading', {name: 'This link does not work'})).toBeVisible()

  // The subscriber's mail carries the one-click unsubscribe headers.
  const welcome = await onlyMailTo(email, /subscribed/i)
  const listUnsubscribe = welcome.headers['list-unsubscribe']!
  expect(listUnsubscribe).toMatch(
    /^<http:\/\/localhost:\d+\/api\/newsletter\/unsubscribe\?token=[\w.-]+>$/,
  )
  expect(welcome.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click')
  expect(welcome.text).toMatch(/\/unsubscribe\?token=[\w.-]+/)
  const oneClickUrl = listUnsubscribe.slice(1, -1)

  // The manager's export lists the confirmed address.
  const staff = await browser.newPage()
  await unlock(staff)
  expect(await exportedSubscribers(staff)).toContain(email)

  // A link scanner's GET leads to the page with the button and unsubscribes nobody.
  const scanned = await fetch(oneClickUrl, {redirect: 'manual'})
  expect(scanned.status).toBe(303)
  expect(await status()).toBe('confirmed')
  // A wrong method is told which to use.
  const put = await fetch(oneClickUrl, {method: 'PUT'})
  expect(put.status).toBe(405)
  expect(put.headers.get('allow')).toBe('GET, POST')

  // The mail provider's one-click POST: no cookie, no Origin, the fixed body (RFC 8058 section 3.1).
  const posted = await fetch(oneClickUrl, {
    method: 'POST',
    headers: {'content-type': 'application/x-www-form-urlencoded'},
    body: 'List-Unsubscribe=One-Click',
  })
  expect(posted.status).toBe(200)
  expect(await status()).toBe('unsubscribed')

  // Gone from the export at once.
  await staff.reload()
  await expect(staff.getByRole('heading', {name: 'Booking Management'})).toBeVisible()
  expect(await exportedSubscribers(staff)).not.toContain(email)
  await staff.close()
})

test('the unsubscribe page works without scripts, and refuses an altered link', async ({
  browser,
}) => {
  const email = `leave-${Date.now()}@example.com`
  const page = await browser.newPage({javaScriptEnabled: false})
  try {
    const signup = await browser.newPage()
    await signUp(signup, email)
    const confirmation = await onlyMailTo(email, /confirm your newsletter sign-up/i)
    const confirmPath = /\/newsletter\/confirm\?token=[\w.-]+/.exec(confirmation.text)![0]
    await page.goto(confirmPath)
    await page.getByRole('button', {name: 'Confirm my sign-up'}).click()
    await expect(page.getByRole('heading', {name: 'You are subscribed'})).toBeVisible()
    await signup.close()

    const welcome = await onlyMailTo(email, /subscribed/i)
    const unsubscribePath = /\/unsubscribe\?token=[\w.-]+/.exec(welcome.text)![0]
    await page.goto(unsubscribePath.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
    await page.getByRole('button', {name: 'Unsubscribe'}).click()
    await expect(page.getByRole('heading', {name: 'This link does not work'})).toBeVisible()

    await page.goto(unsubscribePath)
    await expect(page.getByRole('heading', {name: 'Unsubscribe from our newsletter'})).toBeVisible()
    await page.getByRole('button', {name: 'Unsubscribe'}).click()
    await expect(page.getByRole('heading', {name: 'You are unsubscribed'})).toBeVisible()
    expect(
      await bookings().fetch('*[_type == "newsletterSignup" && email == $email][0].status', {
        email,
      }),
    ).toBe('unsubscribed')
  } finally {
    await page.close()
  }
})
