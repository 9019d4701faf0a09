import AxeBuilder from '@axe-core/playwright'

import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {hashPassword} from '../../../functions/staff/admin-password.ts'
import {lakeClient, test, expect} from '../fixtures.ts'
import {bookingDoc, removeAll, runToken, seed, unlock} from './admin-helpers.ts'

/**
 * A manager assigns a guide and the boat to a departure in the departures view (docs/decisions/239): stored on the
 * departure's lock for the guide's phone, and shown on the manifest with who assigned it.
 */
const bookings = lakeClient({dataset: 'bookings'})
const content = lakeClient()
const token = runToken()
const PASSWORD = `assign-password-${token}`
const DATE = addDays(todayInCapeTown(), 12)
const booking = bookingDoc(token, {status: 'confirmed', date: DATE})
const BOAT = {_id: `resource-e2e-${token}`, name: `Blue Heron ${token}`}

const person = (role: string, name: string) => ({
  _id: `staffMember.e2e-${token}-${role}`,
  _type: 'staffMember',
  name,
  email: `${role}.${token}@team.example`,
  role,
  state: 'active',
  password: hashPassword(PASSWORD),
  createdAt: new Date().toISOString(),
})
const manager = person('manager', `Naledi ${token}`)
const guide = person('guide', `Sipho ${token}`)

test.beforeAll(async () => {
  await seed(bookings, [booking, manager, guide])
  const cruise = await content.fetch<string>(
    '*[_type == "experience" && slug.current == "sunset-cruise" && !(_id in path("drafts.**"))][0]._id',
  )
  await content.createOrReplace({
    ...BOAT,
    _type: 'resource',
    seats: 30,
    experiences: [{_key: 'cruise', _type: 'reference', _ref: cruise}],
  })
})

test.afterAll(async () => {
  await removeAll(bookings, token)
  await bookings.delete({
    query: '*[_type == "staffMember" && _id match $prefix]',
    params: {prefix: `staffMember.e2e-${token}-*`},
  })
  await bookings.delete({
    query: '*[_type == "outboxMail" && to match $to]',
    params: {to: `guide.${token}@team.example`},
  })
  await content.delete(BOAT._id)
})

for (const viewport of [
  {name: 'phone', width: 390, height: 844},
  {name: 'desktop', width: 1366, height: 900},
]) {
  test(`a manager assigns a guide and the boat in the departures view (${viewport.name})`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({width: viewport.width, height: viewport.height})
    await unlock(page, {email: manager.email, password: PASSWORD})
    // On a phone the views are one menu (admin-phone-a11y.spec.ts); on a desktop, buttons.
    const views = page.getByRole('navigation', {name: 'Dashboard views'})
    if (viewport.width < 600) await views.getByLabel('Show').selectOption({label: 'Departures'})
    else await views.getByRole('button', {name: 'Departures'}).click()
    const manifest = page.locator(`article[data-departure^="sunset-cruise|${DATE}|"]`).filter({
      has: page.getByRole('rowheader', {name: new RegExp(booking.booking_ref)}),
    })
    await expect(manifest).toBeVisible()
    await manifest.getByText('Assign guides and resource').click()
    await manifest.getByRole('checkbox', {name: guide.name}).check()
    await manifest
      .getByLabel('Resource', {exact: true})
      .selectOption({label: `${BOAT.name} (30 seats)`})
    await manifest.getByRole('button', {name: /Save assignment/}).click()
    await expect(manifest.getByText('Saved.')).toBeVisible()
    const assigned = manifest.getByRole('region', {name: /Guides and resource for/})
    await expect(assigned).toContainText(`Guides: ${guide.name}`)
    await expect(assigned).toContainText(`Resource: ${BOAT.name} (30 seats)`)
    await expect(assigned).toContainText(`Assigned by ${manager.name}`)

    const lock = await bookings.fetch<Record<string, unknown> | null>(
      '*[_type == "departure" && experience_id == "sunset-cruise" && date == $date][0]',
      {date: DATE},
    )
    expect(lock).toMatchObject({
      guide_ids: [guide._id],
      resource_id: BOAT._id,
      assigned_by: manager.name,
    })

    await manifest.scrollIntoViewIfNeeded()
    await page.screenshot({path: testInfo.outputPath(`assign-${viewport.name}.png`)})
    await manifest.screenshot({path: testInfo.outputPath(`assign-manifest-${viewport.name}.png`)})
    const axe = await new AxeBuilder({page}).include('.departures').analyze()
    expect(axe.violations).toEqual([])

    // Taken off again, so the next viewport starts from none.
    await manifest.getByRole('checkbox', {name: guide.name}).uncheck()
    await manifest.getByLabel('Resource', {exact: true}).selectOption('')
    await manifest.getByRole('button', {name: /Save assignment/}).click()
    await expect(assigned).toContainText('Guides: none')
  })
}
