import {expect, type Page} from '@playwright/test'
import type {SanityClient} from '@sanity/client'

import {env, waitForHydration} from '../fixtures.ts'

/**
 * The stack's staff password: the e2e environment sets ADMIN_PASSWORD (e2e-environment.ts), because a generated
 * one is printed once and kept only hashed in DATA_DIR (see functions/staff/admin-password.ts).
 */
export function adminPassword(): string {
  return env.adminPassword
}

/**
 * Signs in: as the first owner (the stack's bootstrap password, no email) unless another person's email and
 * password are given.
 */
export async function unlock(page: Page, as?: {email: string; password: string}) {
  await page.goto('/admin/bookings')
  // Pages opened outside the `page` fixture (a second staff member's context) wait here.
  await waitForHydration(page)
  await expect(page.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible()
  if (as) await page.getByLabel('Email', {exact: true}).fill(as.email)
  await page.getByLabel('Password').fill(as?.password ?? adminPassword())
  await page.getByRole('button', {name: 'Access Dashboard'}).click()
  await expect(page.getByRole('heading', {name: 'Booking Management'})).toBeVisible()
  // The first owner's first sign-in on this stack asks for their name and address before anything else (drawn
  // with the header, so already there if it is asked).
  const profile = page.getByRole('region', {name: 'Your name and email address'})
  if (!as && (await profile.isVisible())) {
    await profile.getByLabel('Your name').fill(FIRST_OWNER_NAME)
    await profile.getByLabel('Your email address').fill('first.owner@e2e.example')
    await profile.getByRole('button', {name: 'Save and continue'}).click()
    await expect(profile).toBeHidden()
  }
}

/** The name the first owner gives on the stack's first sign-in; "by Owner …" in the history. */
export const FIRST_OWNER_NAME = 'Owner Tester'

/** A token unique to this run, so searches find only this test's bookings among everyone else's. */
export const runToken = () =>
  `zq${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`

let counter = 0

export function bookingDoc(token: string, fields: Record<string, unknown> = {}) {
  counter += 1
  const id = `e2e-admin-${token}-${counter}`
  return {
    _id: id,
    _type: 'booking',
    booking_ref: `CTX-${token.toUpperCase()}-${counter}`,
    status: 'new',
    created_at: new Date(Date.now() - (100 - counter) * 60_000).toISOString(),
    experience_id: 'sunset-cruise',
    experience_title: `Sunset Cruise ${token}`,
    category: 'Scenic',
    date: '2027-01-15',
    preferred_time: 'Sunset',
    pax_adults: 2,
    pax_children: 1,
    pax_total: 3,
    name: `Traveller ${token} ${counter}`,
    email: `traveller.${token}.${counter}@example.com`,
    phone: '+27 21 555 0100',
    country: 'South Africa',
    marketing_opt_in: false,
    consent_booking: true,
    consent_privacy: true,
    ...fields,
  }
}

export async function seed(lake: SanityClient, docs: Record<string, unknown>[]) {
  const tx = lake.transaction()
  for (const doc of docs) tx.createOrReplace(doc as {_id: string; _type: string})
  await tx.commit({visibility: 'sync'})
}

export async function removeAll(lake: SanityClient, token: string) {
  await lake.delete({
    query: '*[_type == "booking" && _id match $prefix]',
    params: {prefix: `e2e-admin-${token}-*`},
  })
}

export const row = (page: Page, reference: string) =>
  page.locator('tr', {has: page.getByRole('rowheader', {name: reference, exact: true})})
