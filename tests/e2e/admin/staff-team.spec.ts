import AxeBuilder from '@axe-core/playwright'
import {Secret, TOTP} from 'otpauth'

import {hashPassword} from '../../../functions/staff/admin-password.ts'
import {lakeClient, test, expect} from '../fixtures.ts'
import {mailsTo} from '../mail.ts'
import {bookingDoc, removeAll, row, runToken, seed, unlock} from './admin-helpers.ts'
import {startSecondSiteServer} from './second-site-server.ts'

/**
 * A team, not a shared password: each person signs in as themselves, sees only what their role allows, the server
 * refuses the rest (403), and a request's history and the owner's activity log name who did what.
 */
const bookings = lakeClient({dataset: 'bookings'})
const token = runToken()
const PASSWORD = `team-password-${token}`
const request = bookingDoc(token)

const person = (role: string, name: string, key = role) => ({
  _id: `staffMember.e2e-${token}-${key}`,
  _type: 'staffMember',
  name,
  email: `${key}.${token}@team.example`,
  role,
  state: 'active',
  password: hashPassword(PASSWORD),
  createdAt: new Date().toISOString(),
})
const staffMember = person('staff', `Thandi ${token}`)
const guide = person('guide', `Sipho ${token}`)
const colleague = person('staff', `Ayanda ${token}`, 'second-server')

test.beforeAll(async () => {
  await seed(bookings, [request, staffMember, guide, colleague])
})

test.afterAll(async () => {
  await removeAll(bookings, token)
  await bookings.delete({
    query: '*[_type == "staffMember" && _id match $prefix]',
    params: {prefix: `staffMember.e2e-${token}-*`},
  })
})

test('a staff member changes a status under their own name; the owner’s activity log shows it', async ({
  page,
  browser,
}) => {
  await unlock(page, {email: staffMember.email, password: PASSWORD})
  await expect(page.getByText(`Signed in as ${staffMember.name} (Staff)`)).toBeVisible()
  // Staff: no people or activity pages, no bookings CSV, and the people API refuses them.
  await expect(page.getByRole('button', {name: 'People'})).toHaveCount(0)
  await expect(page.getByRole('link', {name: 'Export CSV'})).toHaveCount(0)
  expect((await page.request.get('/api/staff/people')).status()).toBe(403)

  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await row(page, request.booking_ref)
    .getByRole('combobox', {name: new RegExp(`Status of ${request.booking_ref}`)})
    .selectOption('contacted')
  await expect(
    page.getByRole('status').filter({hasText: 'Status updated successfully'}),
  ).toBeVisible()
  await row(page, request.booking_ref)
    .getByRole('button', {name: `View details of ${request.booking_ref}`})
    .click()
  const dialog = page.getByRole('dialog', {name: `Booking Details - ${request.booking_ref}`})
  await expect(
    dialog.getByRole('listitem').filter({hasText: `(${staffMember.name})`}),
  ).toBeVisible()

  const owner = await (await browser.newContext()).newPage()
  await unlock(owner)
  await owner.getByRole('button', {name: 'Activity'}).click()
  await owner.getByLabel('Request reference').fill(request.booking_ref)
  // Until the filtered list arrives, the previous one stays on screen: pick the row by its request too.
  const entry = owner
    .getByRole('row')
    .filter({hasText: 'Changed the status to contacted'})
    .filter({hasText: request.booking_ref})
  await expect(entry).toContainText(staffMember.name)
  await expect(entry).toContainText(request.booking_ref)
  await owner.getByRole('button', {name: 'People'}).click()
  await expect(owner.getByRole('rowheader', {name: staffMember.name})).toBeVisible()
  await owner.context().close()
})

test('a guide sees their Today only and cannot send a decision (403)', async ({page}) => {
  await unlock(page, {email: guide.email, password: PASSWORD})
  await expect(page.getByText(`Signed in as ${guide.name} (Guide)`)).toBeVisible()
  await expect(page.getByRole('button', {name: 'Bookings'})).toHaveCount(0)
  await expect(page.getByRole('button', {name: 'Departures'})).toHaveCount(0)
  await expect(page.getByRole('button', {name: 'Today'})).toHaveAttribute('aria-current', 'page')
  const decision = await page.request.post(`/api/staff/bookings/${request._id}/decision`, {
    headers: {origin: new URL(page.url()).origin},
    data: {decision: 'confirm', revision: 'any'},
  })
  expect(decision.status()).toBe(403)
  expect((await bookings.getDocument(request._id))?.status).not.toBe('confirmed')
})

test('an invitation from the mail: the person chooses a password, confirms a request under their name, and loses access when the owner ends it', async ({
  page,
  browser,
}) => {
  const address = `invited.${token}@team.example`
  const name = `Lindiwe ${token}`
  const owner = await (await browser.newContext()).newPage()
  await unlock(owner)
  await owner.getByRole('button', {name: 'People'}).click()
  const invite = owner.getByRole('form', {name: 'Invite someone'})
  await invite.getByLabel('Name').fill(name)
  await invite.getByLabel('Email').fill(address)
  await invite.getByLabel('Role').selectOption('staff')
  await invite.getByRole('button', {name: 'Send invitation'}).click()
  await expect(owner.getByRole('rowheader', {name})).toBeVisible()

  // The link as delivered over SMTP; its token sits in the fragment, which no server receives.
  await expect.poll(async () => (await mailsTo(address)).length, {timeout: 20_000}).toBe(1)
  // The mail went astray: the owner sends a new invitation, and only its link works.
  await owner.getByRole('button', {name: `Send ${name} a new invitation`}).click()
  await expect(owner.getByText(`${name} has a new link, valid for 7 days.`)).toBeVisible()
  await expect.poll(async () => (await mailsTo(address)).length, {timeout: 20_000}).toBe(2)
  const [first, link] = (await mailsTo(address)).map(
    (mail) => new URL(/https?:\/\/\S+#invite=[\w-]+/.exec(mail.text)![0]),
  )
  expect(link!.hash).not.toBe(first!.hash)
  await page.goto(first!.pathname + first!.hash)
  const unused = `copper kettle ${token} harbour`
  await page.getByLabel('New password', {exact: true}).fill(unused)
  await page.getByLabel('New password again').fill(unused)
  await page.getByRole('button', {name: 'Save password'}).click()
  await expect(page.getByRole('alert').filter({hasText: 'has expired or was used'})).toBeVisible()
  await page.goto('about:blank')
  await page.goto(link!.pathname + link!.hash)
  await expect(page.getByRole('heading', {name: 'Welcome to the team'})).toBeVisible()
  await page.getByLabel('New password', {exact: true}).fill('password123')
  await page.getByLabel('New password again').fill('password123')
  await page.getByRole('button', {name: 'Save password'}).click()
  await expect(page.getByRole('alert').filter({hasText: 'too easy to guess'})).toBeVisible()
  const chosen = `harbour lantern ${token} meadow`
  await page.getByLabel('New password', {exact: true}).fill(chosen)
  await page.getByLabel('New password again').fill(chosen)
  await page.getByRole('button', {name: 'Save password'}).click()
  await expect(page.getByText('Your password is saved. Sign in with it now.')).toBeVisible()
  expect(page.url()).not.toContain('#invite=')
  await expect(page.getByLabel('Email', {exact: true})).toHaveValue(address)
  await page.getByLabel('Password').fill(chosen)
  await page.getByRole('button', {name: 'Access Dashboard'}).click()
  await expect(page.getByText(`Signed in as ${name} (Staff)`)).toBeVisible()

  // The second step: an authenticator app's key, confirmed with a code from it; recovery codes shown once.
  await page.getByRole('button', {name: 'Your account'}).click()
  await page.getByRole('button', {name: 'Set up an authenticator app'}).click()
  // Shown in groups of four, as people type it; the app takes it with or without the spaces.
  await expect(page.getByRole('img', {name: 'QR code for your authenticator app'})).toBeVisible()
  const key = (await page.getByLabel('Set-up key').textContent())!.replace(/\s/g, '')
  const codeAt = (at: number) => TOTP.generate({secret: Secret.fromBase32(key), timestamp: at})
  const enrolledAt = Date.now()
  await page.getByLabel('Code from the app').fill(codeAt(enrolledAt))
  await page.getByRole('button', {name: 'Turn on the second step'}).click()
  await expect(page.getByRole('list', {name: 'Recovery codes'}).getByRole('listitem')).toHaveCount(
    10,
  )
  await page.getByRole('button', {name: 'I have kept them'}).click()
  await expect(page.getByText('Your second step is on')).toBeVisible()
  await page.getByRole('button', {name: 'Sign out'}).click()
  await page.getByLabel('Email', {exact: true}).fill(address)
  await page.getByLabel('Password').fill(chosen)
  await page.getByRole('button', {name: 'Access Dashboard'}).click()
  const codeField = page.getByLabel('Code from your authenticator app (or a recovery code)')
  // The code that confirmed the app was used already: refused.
  await codeField.fill(codeAt(enrolledAt))
  await page.getByRole('button', {name: 'Access Dashboard'}).click()
  await expect(
    page.getByRole('alert').filter({hasText: 'That code is not right, or was used already.'}),
  ).toBeVisible()
  await codeField.fill(codeAt(enrolledAt + 30_000))
  await page.getByRole('button', {name: 'Access Dashboard'}).click()
  await expect(page.getByText(`Signed in as ${name} (Staff)`)).toBeVisible()
  await page.getByRole('button', {name: 'Bookings'}).click()

  await page.getByRole('searchbox', {name: 'Search'}).fill(token)
  await row(page, request.booking_ref)
    .getByRole('combobox', {name: new RegExp(`Status of ${request.booking_ref}`)})
    .selectOption('confirmed')
  const anyway = page.getByRole('button', {name: 'Confirm anyway'})
  if (await anyway.isVisible().catch(() => false)) await anyway.click()
  await expect.poll(async () => (await bookings.getDocument(request._id))?.status).toBe('confirmed')
  const history = ((await bookings.getDocument(request._id))?.status_history ?? []) as {
    by?: string
  }[]
  expect(history.at(-1)?.by).toBe(name)

  await owner.getByRole('button', {name: 'Activity'}).click()
  await owner.getByLabel('Request reference').fill(request.booking_ref)
  await expect(
    owner
      .getByRole('row')
      .filter({hasText: 'Changed the status to confirmed'})
      .filter({hasText: request.booking_ref}),
  ).toContainText(name)

  await owner.getByRole('button', {name: 'People'}).click()
  await owner.getByRole('button', {name: `End access for ${name}`}).click()
  await expect(owner.getByRole('button', {name: `Give ${name} access again`})).toBeVisible()
  const ended = Date.now()
  await expect
    .poll(async () => (await page.request.get('/api/staff/session')).status(), {timeout: 1_000})
    .toBe(401)
  expect(Date.now() - ended).toBeLessThan(1_000)
  await owner.context().close()
  await bookings.delete({
    query: '*[_type == "staffMember" && email == $address]',
    params: {address},
  })
})

test('the people, activity and account pages, on a desktop and a phone, have no axe violations (WCAG 2.2 AA)', async ({
  page,
}) => {
  const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
  const failures: string[] = []
  await unlock(page)
  for (const size of [
    {width: 1280, height: 800},
    {width: 360, height: 740},
  ]) {
    await page.setViewportSize(size)
    for (const [tab, ready] of [
      ['People', page.getByRole('form', {name: 'Invite someone'})],
      ['Activity', page.getByRole('search', {name: 'Filter activity'})],
      ['Your account', page.getByRole('heading', {name: 'Where you are signed in'})],
    ] as const) {
      // On a phone the views are one menu ("Show"); on a desktop, a row of buttons.
      const views = page.getByRole('navigation', {name: 'Dashboard views'})
      if (size.width > 720) await views.getByRole('button', {name: tab}).click()
      else await views.getByLabel('Show').selectOption({label: tab})
      await expect(ready).toBeVisible()
      const {violations} = await new AxeBuilder({page}).withTags(WCAG_22_AA).analyze()
      failures.push(...violations.map((v) => `${tab} at ${size.width}px: ${v.id} ${v.help}`))
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        size.width,
      )
    }
  }
  expect(failures).toEqual([])
})

test('a passkey added on the account page signs the person in without password or code; removed there, it no longer does', async ({
  page,
}) => {
  // Chromium's virtual authenticator: a platform passkey that verifies its user.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  await unlock(page, {email: guide.email, password: PASSWORD})
  await page.getByRole('button', {name: 'Your account'}).click()
  await page.getByRole('button', {name: 'Add a passkey'}).click()
  await expect(page.getByText('Passkey added. You can sign in with it next time.')).toBeVisible()
  await page.getByRole('button', {name: 'Sign out'}).click()
  await expect(page.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible()
  await page.getByRole('button', {name: 'Sign in with a passkey'}).click()
  await expect(page.getByText(`Signed in as ${guide.name} (Guide)`)).toBeVisible()

  // Removed from the account page, the device's passkey no longer signs anyone in.
  await page.getByRole('button', {name: 'Your account'}).click()
  const passkeys = page.getByRole('list', {name: 'Your passkeys'})
  await expect(passkeys.getByRole('listitem')).toHaveCount(1)
  await passkeys.getByRole('button', {name: 'Remove passkey 1'}).click()
  await expect(page.getByText('Passkey removed. It no longer signs you in.')).toBeVisible()
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible()
  await page.getByRole('button', {name: 'Sign out'}).click()
  await page.getByRole('button', {name: 'Sign in with a passkey'}).click()
  await expect(
    page.getByText('Signing in with a passkey did not work. Use your password instead.'),
  ).toBeVisible()
  await expect(page.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible()
})

test('the owner ends a person’s access on one site server; their open dashboard on a second server signs them out within a second', async ({
  page,
  browser,
}) => {
  const second = await startSecondSiteServer()
  const context = await browser.newContext({baseURL: second.url})
  try {
    const other = await context.newPage()
    const stream = other.waitForResponse((response) => response.url().endsWith('/api/staff/events'))
    await unlock(other, {email: colleague.email, password: PASSWORD})
    await expect(other.getByText(`Signed in as ${colleague.name} (Staff)`)).toBeVisible()
    expect((await stream).status()).toBe(200)

    await unlock(page)
    await page.getByRole('button', {name: 'People'}).click()
    const change = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/staff/people/${colleague._id}`) &&
        response.request().method() === 'PATCH',
    )
    await page.getByRole('button', {name: `End access for ${colleague.name}`}).click()
    expect((await change).status()).toBe(200)
    const ended = Date.now()
    // The second server's dashboard is told over its events stream, with no click from the person.
    await expect(other.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible({
      timeout: 1_000,
    })
    expect((await other.request.get('/api/staff/session')).status()).toBe(401)
    expect(Date.now() - ended).toBeLessThan(1_000)
  } finally {
    await context.close()
    await second.stop()
  }
})

test('an owner resets someone’s second step from the People page; the activity log names who did it', async ({
  page,
}) => {
  // Offered only for someone who has a second step: the guide set one up (an authenticator app's key).
  await bookings
    .patch(guide._id)
    .set({secondStep: {secret: new Secret().base32, enabledAt: new Date().toISOString()}})
    .commit()
  await unlock(page)
  await page.getByRole('button', {name: 'People'}).click()
  await expect(
    page.getByRole('button', {name: `Reset the second step of ${staffMember.name}`}),
  ).toHaveCount(0)
  await page.getByRole('button', {name: `Reset the second step of ${guide.name}`}).click()
  await expect(
    page.getByText(`${guide.name} signs in with their password and sets up a new second step.`),
  ).toBeVisible()
  await page.getByRole('button', {name: 'Activity'}).click()
  await expect(
    page.getByRole('row').filter({hasText: `Reset ${guide.name}’s second step`}),
  ).toBeVisible()
})
