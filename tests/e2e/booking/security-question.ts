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
