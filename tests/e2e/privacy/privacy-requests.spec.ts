import fs from 'node:fs'
import path from 'node:path'

import AxeBuilder from '@axe-core/playwright'

import {hashPassword} from '../../../functions/staff/admin-password.ts'
import {requestLinkToken} from '../../../functions/lib/request-link.ts'
import {bookingDoc, runToken, seed, unlock} from '../admin/admin-helpers.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'
import {mailsTo} from '../mail.ts'
import {watchPolicy} from '../site/watch-policy.ts'

/**
 * A traveller's own information, end to end on the real mail sink: they ask for a copy on the privacy page, confirm
 * by the mailed link and read every request of their address and nobody else's; they ask for erasure, a manager
 * carries it out in one action and the proof search finds nothing; their earlier request page then says the
 * request no longer exists. Screenshots of the form, the copy and the managers' screen go with the report.
 */
const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const email = `privacy.${token}@example.org`
const first = bookingDoc(token, {email, name: `Zinhle ${token}`, phone: '+27 82 555 0142'})
const second = bookingDoc(token, {
  email,
  name: `Zinhle ${token}`,
  notes: `Birthday surprise ${token}`,
})
const someoneElse = bookingDoc(token)
const PASSWORD = `privacy-password-${token}`
const manager = {
  _id: `staffMember.e2e-${token}-manager`,
  _type: 'staffMember',
  name: `Lindiwe ${token}`,
  email: `manager.${token}@team.example`,
  role: 'manager',
  state: 'active',
  password: hashPassword(PASSWORD),
  createdAt: new Date().toISOString(),
}

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
/** Axe's WCAG 2.2 AA violations on the page as it is, and whether it fits the viewport's width. */
async function accessibilityProblems(page: import('@playwright/test').Page, what: string) {
  const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
  const width = page.viewportSize()?.width ?? 0
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth)
  return [
    ...violations.map((violation) => `${what} at ${width}px: ${violation.id} ${violation.help}`),
    ...(overflow > width ? [`${what} at ${width}px: ${overflow}px wide`] : []),
  ]
}

const linkSecret = () =>
  `request-link:${(JSON.parse(fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8')) as {writeToken: string}).writeToken}`

test.beforeAll(async () => {
  await seed(bookings, [first, second, someoneElse, manager])
})

test.afterAll(async () => {
  await bookings.delete({
    query: '*[_id match $prefix || _id == $manager]',
    params: {prefix: `e2e-admin-${token}-*`, manager: manager._id},
  })
})

async function ask(page: import('@playwright/test').Page, kind: string) {
  await page.goto('/privacy')
  const form = page.getByRole('form', {name: 'Ask about your information'})
  await form.getByLabel(kind).check()
  await form.getByLabel('Your email address').fill(email)
  await form.getByRole('button', {name: 'Send my request'}).click()
  await expect(form.getByText(/We have sent a link to that address/)).toBeVisible()
}

/** The confirmation mails to the address (the site's sweep may also send the seeded bookings' acknowledgements). */
const confirmations = async () =>
  (await mailsTo(email)).filter(
    (mail) => mail.subject === 'Confirm your request about your information',
  )

async function confirmationLink(count: number): Promise<string> {
  await expect.poll(async () => (await confirmations()).length, {timeout: 20_000}).toBe(count)
  const mail = (await confirmations()).at(-1)!
  return /https?:\/\/\S+\/privacy\/requests\/confirm\/[\w-]+/.exec(mail.text)![0]
}

/** The site's name as its settings say now: every page, a private link's too, carries it in its header. */
const brand = () => lakeClient().fetch<string>('*[_id == "siteSettings"][0].siteName')

test('a traveller gets a copy of everything held about their address; erased by a manager, nothing of it remains', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000)
  const requestPage = `/requests/${requestLinkToken(linkSecret(), first._id, new Date(Date.now() + 30 * 86_400_000))}`
  await page.goto(requestPage)
  await expect(page.getByRole('heading', {name: `Your request ${first.booking_ref}`})).toBeVisible()

  // A copy: asked, confirmed by the mailed link, read on a page the server renders.
  await ask(page, 'A copy of my information')
  await page.screenshot({path: testInfo.outputPath('privacy-form-desktop.png'), fullPage: true})
  const link = await confirmationLink(1)
  // The mailed link opens in a tab of its own, as from a mail client: the site's page, rendered on the server.
  const mailTab = await page.context().newPage()
  const violations = await watchPolicy(mailTab)
  const confirmPage = await mailTab.goto(link)
  expect(confirmPage?.status()).toBe(200)
  expect(confirmPage?.headers()['cache-control']).toBe('private, no-store')
  expect(confirmPage?.headers()['x-robots-tag']).toBe('noindex, nofollow')
  expect(confirmPage?.headers()['referrer-policy']).toBe('same-origin')
  await expect(mailTab.getByRole('heading', {level: 1, name: 'Confirm your request'})).toBeVisible()
  await expect(
    mailTab.getByRole('banner').getByRole('link', {name: await brand(), exact: true}),
  ).toBeVisible()
  await expect(mailTab.getByRole('contentinfo')).toBeVisible()
  await mailTab.locator('html[data-hydrated="true"]').waitFor({state: 'attached'})
  const problems = await accessibilityProblems(mailTab, 'the confirmation')
  await mailTab.screenshot({path: testInfo.outputPath('confirm-desktop.png'), fullPage: true})
  await mailTab.setViewportSize({width: 390, height: 844})
  problems.push(...(await accessibilityProblems(mailTab, 'the confirmation')))
  await mailTab.screenshot({path: testInfo.outputPath('confirm-phone.png'), fullPage: true})
  await mailTab.setViewportSize({width: 1280, height: 720})
  // By keyboard: the button is reached by Tab, shows where focus is, and Enter sends the form.
  const confirmButton = mailTab.getByRole('button', {name: 'Confirm my request'})
  for (
    let tabs = 0;
    tabs < 30 && !(await confirmButton.evaluate((b) => b === document.activeElement));
    tabs++
  )
    await mailTab.keyboard.press('Tab')
  await expect(confirmButton).toBeFocused()
  await expect(confirmButton).toHaveCSS('outline-style', 'solid')
  await mailTab.keyboard.press('Enter')
  await expect(mailTab.getByRole('heading', {level: 1, name: 'Your information'})).toBeVisible()
  await mailTab.locator('html[data-hydrated="true"]').waitFor({state: 'attached'})
  await mailTab.waitForLoadState('networkidle')
  expect(await violations()).toEqual([])
  await expect(mailTab.getByText(first.booking_ref, {exact: true})).toBeVisible()
  await expect(mailTab.getByText(second.booking_ref, {exact: true})).toBeVisible()
  await expect(mailTab.getByText(`Birthday surprise ${token}`, {exact: true})).toBeVisible()
  await expect(mailTab.getByText(someoneElse.booking_ref)).toHaveCount(0)
  await expect(mailTab.getByText(someoneElse.email)).toHaveCount(0)
  problems.push(...(await accessibilityProblems(mailTab, 'the copy')))
  await mailTab.screenshot({path: testInfo.outputPath('download-desktop.png'), fullPage: true})
  await mailTab.setViewportSize({width: 390, height: 844})
  problems.push(...(await accessibilityProblems(mailTab, 'the copy')))
  await mailTab.screenshot({path: testInfo.outputPath('download-phone.png'), fullPage: true})
  // Behind the shared cache (Varnish, as a CDN would be) the copy is never kept.
  const viaEdge = async (pathname: string) =>
    (await fetch(`${env.edgeUrl}${pathname}`)).headers.get('x-cache')
  await viaEdge(new URL(mailTab.url()).pathname)
  expect(await viaEdge(new URL(mailTab.url()).pathname)).toBe('MISS')
  const json = await request.get(`${new URL(mailTab.url()).pathname}.json`)
  expect(json.status()).toBe(200)
  const copy = (await json.json()) as {requests: {_id: string}[]}
  expect(copy.requests.map((one) => one._id).sort()).toEqual([first._id, second._id].sort())
  expect(JSON.stringify(copy)).not.toContain(someoneElse.email)
  // The confirmation link was for one use.
  const again = await request.post(new URL(link).pathname, {headers: {origin: env.siteUrl}})
  expect(again.status()).toBe(404)

  // Erasure: asked and confirmed the same way, then carried out by a manager in one action.
  await page.setViewportSize({width: 390, height: 844})
  await ask(page, 'Delete my information')
  problems.push(...(await accessibilityProblems(page, 'the privacy page')))
  await page.screenshot({path: testInfo.outputPath('privacy-form-phone.png'), fullPage: true})
  // This time from a mail client that runs no script: the page reads and its button works all the same.
  const noScript = await page.context().browser()!.newContext({javaScriptEnabled: false})
  const plainTab = await noScript.newPage()
  await plainTab.goto(await confirmationLink(2))
  await expect(
    plainTab.getByRole('heading', {level: 1, name: 'Confirm your request'}),
  ).toBeVisible()
  await expect(plainTab.getByText('Delete my information')).toBeVisible()
  await expect(
    plainTab.getByRole('banner').getByRole('link', {name: await brand(), exact: true}),
  ).toBeVisible()
  await plainTab.getByRole('button', {name: 'Confirm my request'}).click()
  await expect(
    plainTab.getByRole('heading', {level: 1, name: 'Thank you: your request is confirmed'}),
  ).toBeVisible()
  await plainTab.screenshot({path: testInfo.outputPath('confirmed-desktop.png'), fullPage: true})
  await noScript.close()

  await page.setViewportSize({width: 1366, height: 900})
  await page.context().clearCookies()
  await unlock(page, {email: manager.email, password: PASSWORD})
  await page
    .getByRole('navigation', {name: 'Dashboard views'})
    .getByRole('button', {name: 'Personal data'})
    .click()
  await expect(page.getByRole('heading', {name: 'How long we keep personal details'})).toBeVisible()
  problems.push(...(await accessibilityProblems(page, 'the privacy screen')))
  await page.screenshot({path: testInfo.outputPath('managers-privacy-desktop.png'), fullPage: true})
  await page.getByRole('button', {name: `Delete everything about ${email}`}).click()
  // Asked once more, in a dialog: an erasure cannot be undone.
  await page
    .getByRole('dialog', {name: 'Delete everything about this address?'})
    .getByRole('button', {name: 'Delete everything'})
    .click()
  const proof = page.getByRole('table', {name: 'Searched after carrying it out'})
  await expect(proof).toBeVisible({timeout: 20_000})
  // A header and one row for each place the personal-data map names, the rendered pages this server keeps among them.
  await expect(proof.getByRole('row')).toHaveCount(9)
  await expect(proof.getByRole('row', {name: /Rendered pages kept on this server/})).toHaveCount(1)
  for (const cell of await proof.locator('tbody td:last-child').all())
    await expect(cell).toHaveText('None')
  // The report names this server as having cleared its own files (every other server adds itself within a minute).
  await expect(
    page.getByRole('row').filter({hasText: `carried out by ${manager.name}`}),
  ).toContainText('Cleared on 1 server')
  await page.screenshot({
    path: testInfo.outputPath('managers-privacy-done-desktop.png'),
    fullPage: true,
  })

  const search = page.getByRole('form', {name: 'Search every place for an address'})
  await search.getByLabel('Email address').fill(email)
  await search.getByRole('button', {name: 'Search'}).click()
  await expect(search.getByText('Nothing anywhere names this address.')).toBeVisible({
    timeout: 20_000,
  })
  await page.setViewportSize({width: 390, height: 844})
  problems.push(...(await accessibilityProblems(page, 'the privacy screen')))
  await page.screenshot({path: testInfo.outputPath('managers-privacy-phone.png'), fullPage: true})
  expect(problems).toEqual([])

  // The traveller is told it is done, by the last mail to the address, which the lake then forgets.
  await expect
    .poll(async () => (await mailsTo(email)).map((mail) => mail.subject), {timeout: 20_000})
    .toContain('We have deleted your information')
  await expect
    .poll(async () =>
      JSON.stringify(await bookings.fetch('*', {}, {perspective: 'raw'})).toLowerCase(),
    )
    .not.toContain(email)

  // Nothing of the address is left in the lake, and the trips still count.
  const everything = JSON.stringify(await bookings.fetch('*', {}, {perspective: 'raw'}))
  expect(everything.toLowerCase()).not.toContain(email)
  expect(everything).not.toContain(`Zinhle ${token}`)
  expect(await bookings.getDocument(first._id)).toMatchObject({pax_total: 3, date: first.date})

  // The link of the earlier request page now says the request no longer exists.
  await page.goto(requestPage)
  await expect(page.getByRole('heading', {name: 'This request no longer exists'})).toBeVisible()
})
