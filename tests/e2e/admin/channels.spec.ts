import {randomUUID} from 'node:crypto'

import AxeBuilder from '@axe-core/playwright'

import {env, lakeClient, test, expect} from '../fixtures.ts'
import {runToken, unlock} from './admin-helpers.ts'

/**
 * Issue 44's end to end: the owner adds a reseller on the Channels page and reads its key once; the reseller books
 * through `/octo` with it (reserve, then confirm); the booking shows in the dashboard and on the departure's
 * manifest under the reseller's name. The Channels page passes axe (WCAG 2.2 AA).
 */
const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const RESELLER = `Harbour Resellers ${token}`
const REFERENCE = `HR-${token}`
const TRAVELLER = `Traveller ${token}`

test.afterAll(async () => {
  // The reseller's documents: its booking, hold, request log and the reseller itself.
  const ids: string[] = await bookings.fetch('*[_type == "reseller" && name == $name]._id', {
    name: RESELLER,
  })
  for (const id of ids) {
    await bookings.delete({query: '*[_type == "booking" && reseller_id == $id]', params: {id}})
    await bookings.delete({query: '*[_type == "octoBooking" && reseller_id == $id]', params: {id}})
    await bookings.delete({
      query: '*[_type == "octoRequestLog" && reseller_id == $id]',
      params: {id},
    })
    await bookings.delete(id)
  }
})

async function octo(key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${env.siteUrl}/octo${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${key}`,
      ...(body === undefined ? {} : {'Content-Type': 'application/json'}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return {status: response.status, body: (await response.json()) as any}
}

test('the owner adds a reseller, which books through OCTO; the booking shows under its name', async ({
  page,
}, testInfo) => {
  await unlock(page)
  await page
    .getByRole('navigation', {name: 'Dashboard views'})
    .getByRole('button', {name: 'Channels'})
    .click()
  const channels = page.getByRole('region', {name: 'Channels'})
  const form = channels.getByRole('form', {name: 'Add a reseller'})
  await form.getByLabel('Name').fill(RESELLER)
  await form.getByLabel('Contact email').fill(`ops.${token}@resellers.example`)
  await form.getByRole('checkbox', {name: 'Bo-Kaap Food Walk'}).check()
  await form.getByRole('button', {name: 'Add the reseller'}).click()
  const keyField = channels.getByLabel(`Key for ${RESELLER}`)
  await expect(keyField).toHaveValue(/^octo_/)
  const key = await keyField.inputValue()
  await expect(channels.getByRole('rowheader', {name: new RegExp(RESELLER)})).toBeVisible()

  const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
  expect(violations.map((v) => `${v.id} ${v.help}`)).toEqual([])
  await page.screenshot({path: testInfo.outputPath('channels-desktop.png'), fullPage: true})

  // The reseller's script: the first departure of the walk with room for two, held and confirmed.
  const products = await octo(key, 'GET', '/products')
  expect(products.status).toBe(200)
  const walk = (products.body as {id: string; internalName: string}[]).find(
    (product) => product.internalName === 'Bo-Kaap Food Walk',
  )!
  const from = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
  const to = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10)
  const availability = await octo(key, 'POST', '/availability', {
    productId: walk.id,
    optionId: 'DEFAULT',
    localDateStart: from,
    localDateEnd: to,
    units: [{id: 'adult', quantity: 2}],
  })
  expect(availability.status).toBe(200)
  const departure = (
    availability.body as {id: string; available: boolean; vacancies: number | null}[]
  ).find((d) => d.available && (d.vacancies ?? 0) >= 2)!
  const uuid = randomUUID()
  const held = await octo(key, 'POST', '/bookings', {
    uuid,
    productId: walk.id,
    optionId: 'DEFAULT',
    availabilityId: departure.id,
    resellerReference: REFERENCE,
    unitItems: [{unitId: 'adult'}, {unitId: 'adult'}],
  })
  expect(held.body.status).toBe('ON_HOLD')
  const confirmed = await octo(key, 'POST', `/bookings/${uuid}/confirm`, {
    contact: {fullName: TRAVELLER, emailAddress: `traveller.${token}@example.com`},
  })
  expect(confirmed.body.status).toBe('CONFIRMED')
  const date = departure.id.slice(0, 10)

  // On the Channels page: the booking and the reseller's requests.
  await channels.getByRole('button', {name: `Bookings and requests of ${RESELLER}`}).click()
  const details = channels.getByRole('region', {name: `${RESELLER}: bookings and requests`})
  await expect(
    details.getByRole('row', {name: new RegExp(`${REFERENCE}.*Confirmed`)}),
  ).toBeVisible()
  await expect(details.getByText(`POST /octo/bookings/${uuid}/confirm`)).toBeVisible()
  await page.screenshot({path: testInfo.outputPath('channels-details-desktop.png'), fullPage: true})
  await page.setViewportSize({width: 390, height: 844})
  await expect(details).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({path: testInfo.outputPath('channels-phone.png'), fullPage: true})
  await page.setViewportSize({width: 1280, height: 800})

  // The dashboard's bookings list.
  await page
    .getByRole('navigation', {name: 'Dashboard views'})
    .getByRole('button', {name: 'Bookings'})
    .click()
  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await expect(page.getByText(`Sold by ${RESELLER}, their reference ${REFERENCE}`)).toBeVisible()

  // The departure's manifest.
  await page
    .getByRole('navigation', {name: 'Dashboard views'})
    .getByRole('button', {name: 'Departures'})
    .click()
  await page.getByLabel('From', {exact: true}).fill(date)
  await page.getByLabel('To', {exact: true}).fill(date)
  const manifest = page.getByRole('article').filter({hasText: TRAVELLER})
  await expect(manifest.getByRole('row').filter({hasText: TRAVELLER})).toContainText(
    `Sold by ${RESELLER}, their reference ${REFERENCE}`,
  )
})
