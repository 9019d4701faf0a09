import type {Locator, Page} from '@playwright/test'

import {expect} from '../fixtures.ts'

const QUESTION = /Security question: What is (\d+) \+ (\d+)\?/

/** The security question on screen in `scope`, answered as a person would (or `wrong`ly), once it has loaded. */
export async function answerSecurityQuestion(scope: Page | Locator, {wrong = false} = {}) {
  const field = scope.getByLabel(QUESTION)
  await expect(field).toBeVisible()
  const label = (await scope.locator('label', {hasText: 'Security question'}).textContent()) ?? ''
  const [, a, b] = QUESTION.exec(label) ?? []
  const sum = Number(a) + Number(b)
  await field.fill(String(wrong ? sum + 1 : sum))
}

/**
 * The booking page's request form with the required answers (and `before`, for the optional ones), sent, until
 * the success view shows.
 */
export async function sendBookingRequest(
  page: Page,
  {name, email, before}: {name: string; email: string; before?: () => Promise<void>},
) {
  await page.getByLabel('Full name').fill(name)
  await page.getByRole('textbox', {name: 'Email'}).fill(email)
  await before?.()
  await page.getByLabel(/I understand this is a booking request/).check()
  await page.getByLabel(/I agree to the/).check()
  await answerSecurityQuestion(page)
  await page.getByRole('button', {name: 'Send booking request'}).click()
  await expect(
    page.getByRole('heading', {name: 'Booking request submitted successfully!'}),
  ).toBeVisible()
}
