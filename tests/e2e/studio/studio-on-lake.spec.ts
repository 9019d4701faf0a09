import path from 'node:path'

import type {Page} from '@playwright/test'

import {expect, lakeClient, studioSignInLink, test} from '../fixtures.ts'

// The real Sanity Studio, built and served by `npm start`, against the local lake.

const documentStatus = (page: Page) => page.getByTestId('pane-footer-document-status')
const publishButton = (page: Page) => page.getByTestId('action-publish')

async function openNewDocument(page: Page, studioUrl: string, type: string) {
  // Sign in with the link `npm start` printed; it leads to the studio.
  await page.goto(studioSignInLink())
  await expect(page).toHaveURL(/\/studio\/content\/structure/)
  await page.goto(`${studioUrl}/content/intent/create/template=${type};type=${type}/`)
  await expect(page.getByTestId('document-pane')).toBeVisible()
}

/** The document id the studio shows in the URL of the open document pane. */
async function openDocumentId(page: Page): Promise<string> {
  await expect(page).toHaveURL(/;[a-zA-Z0-9.-]+/)
  // e.g. `/structure/testimonial;<uuid>,template=testimonial`
  const match = /;([a-zA-Z0-9-]+)(?:[,/?]|$)/.exec(decodeURIComponent(page.url()))
  if (!match?.[1]) throw new Error(`No document id in ${page.url()}`)
  return match[1]
}

test('opens for the person with the printed link, and shows a stranger nothing', async ({page, browser, studioUrl}) => {
  // A stranger's browser is sent to the lake's sign-in, which asks for the link and shows no content.
  const stranger = await browser.newContext({ignoreHTTPSErrors: true})
  const strangerPage = await stranger.newPage()
  await strangerPage.goto(`${studioUrl}/`)
  await expect(strangerPage.getByRole('heading', {name: 'Sign in to the studio'})).toBeVisible({timeout: 30_000})
  await expect(strangerPage.getByText('npm start')).toBeVisible()
  await stranger.close()

  await page.goto(studioSignInLink())
  await expect(page).toHaveURL(/\/studio\/content/)
  await expect(page.getByRole('link', {name: 'Stories'})).toBeVisible()
  // An editor's tools: the structure and Presentation, not Vision (docs/decisions/177-vision-for-developers-only.md).
  await expect(page.getByRole('link', {name: 'Presentation'})).toBeVisible()
  await expect(page.getByRole('link', {name: 'Vision'})).toHaveCount(0)
  // Nor anything of the bookings with the editor's own session (docs/decisions/175-editors-reach-no-bookings.md).
  const bookingsRead = await page.evaluate(async () => {
    const stored = Object.keys(localStorage).find((key) => key.startsWith('__studio_auth_token_'))
    const {token} = JSON.parse(localStorage.getItem(stored ?? '') ?? '{}') as {token?: string}
    const query = encodeURIComponent('*[_type == "booking"][0...1]{name, email}')
    const response = await fetch(`/v2025-02-19/data/query/bookings?query=${query}`, {
      headers: {authorization: `Bearer ${token}`},
    })
    return {signedIn: Boolean(token), status: response.status}
  })
  expect(bookingsRead).toEqual({signedIn: true, status: 403})
  // The seeded content is listed.
  await page.getByRole('link', {name: 'Experiences'}).click()
  await expect(page.getByRole('link', {name: /Lion.s Head Sunset Hike/}).first()).toBeVisible()

  // Signed out (the session ends), the same browser signs in again without the link: it is known.
  await page.evaluate(() => localStorage.clear())
  await page.goto(`${studioUrl}/`)
  await expect(page.getByRole('link', {name: 'Stories'})).toBeVisible({timeout: 30_000})
})

test('an editor creates, edits, publishes, restores, unpublishes and deletes a document', async ({page, studioUrl, lake}) => {
  test.slow()
  const published = lakeClient({perspective: 'published', token: false})
  await openNewDocument(page, studioUrl, 'testimonial')

  const quote = page.getByTestId('field-quote').locator('textarea')
  const initials = page.getByTestId('field-initials').getByTestId('string-input')
  const location = page.getByTestId('field-location').getByTestId('string-input')
  await quote.fill('Our guide knew every fynbos flower on the way up Lion’s Head.')
  await initials.fill('A.B.')
  await location.fill('Leeds, UK')
  await expect(documentStatus(page)).toContainText(/created|edited/i, {timeout: 30_000})
  const id = await openDocumentId(page)
  await expect.poll(async () => (await lake.getDocument(`drafts.${id}`))?.location).toBe('Leeds, UK')

  // Publish; the published perspective shows it within one second.
  await publishButton(page).click()
  const publishedAt = Date.now()
  await expect
    .poll(async () => (await published.getDocument(id))?.initials, {timeout: 1_000, intervals: [50]})
    .toBe('A.B.')
  expect(Date.now() - publishedAt).toBeLessThanOrEqual(1_000)
  await expect(documentStatus(page)).toContainText(/published/i)

  // A second edit, published, so there is an earlier revision to go back to.
  await location.fill('Manchester, UK')
  await expect.poll(async () => (await lake.getDocument(`drafts.${id}`))?.location).toBe('Manchester, UK')
  await publishButton(page).click()
  await expect.poll(async () => (await published.getDocument(id))?.location).toBe('Manchester, UK')

  // Restore the first published revision from the history, which the lake serves from its
  // transaction log: newest first, so Published (Manchester), Published (Leeds), Created.
  await documentStatus(page).click()
  await page.getByRole('tab', {name: 'History'}).click()
  const revisions = page.getByTestId('timeline-item-button')
  await expect(revisions).toHaveCount(3)
  await revisions.nth(1).click()
  await expect(location).toHaveValue('Leeds, UK')
  await page.getByRole('button', {name: 'Revert to revision'}).click()
  await page.getByRole('button', {name: 'Confirm'}).click()
  await expect.poll(async () => (await lake.getDocument(`drafts.${id}`))?.location).toBe('Leeds, UK')
  await publishButton(page).click()
  await expect.poll(async () => (await published.getDocument(id))?.location).toBe('Leeds, UK')

  // Unpublish (offered on the published version): the published document goes, the draft stays.
  await page.getByTestId('document-perspective-list').getByRole('button', {name: 'Published', exact: true}).click()
  await page.getByRole('button', {name: 'Unpublish', exact: true}).click()
  await page.getByTestId('confirm-button').or(page.getByRole('button', {name: /unpublish now/i})).click()
  await expect.poll(async () => await published.getDocument(id)).toBeUndefined()
  expect((await lake.getDocument(`drafts.${id}`))?.initials).toBe('A.B.')

  // Delete, from the draft that is left.
  await page.getByTestId('document-perspective-list').getByRole('button', {name: 'Draft', exact: true}).click()
  // The form focuses a field as the draft opens, which can close a menu opened too early.
  const deleteItem = page.getByRole('menuitem', {name: /^Delete/})
  const deleteNow = page.getByRole('dialog', {name: 'Delete document?'}).getByRole('button', {name: 'Delete document'})
  await expect(async () => {
    await page.getByRole('button', {name: 'Open document actions'}).click()
    await deleteItem.click({timeout: 2_000})
    await expect(deleteNow).toBeVisible({timeout: 2_000})
  }).toPass()
  await deleteNow.click()
  await expect(page.getByText(/successfully deleted/i)).toBeVisible()
  await expect.poll(async () => await lake.getDocument(`drafts.${id}`)).toBeUndefined()
})

test('an editor uploads an image', async ({page, studioUrl, lake}) => {
  await openNewDocument(page, studioUrl, 'story')
  const before = await lake.fetch<number>('count(*[_type == "sanity.imageAsset"])')
  const imageInput = page.getByTestId('image-input').first()
  const upload = imageInput.getByTestId('file-button-input')
  await upload.setInputFiles(path.join(import.meta.dirname, '../../fixtures/table-mountain.png'))
  await expect.poll(() => lake.fetch<number>('count(*[_type == "sanity.imageAsset"])'), {timeout: 30_000}).toBe(before + 1)
  const id = await openDocumentId(page)
  await expect
    .poll(async () => ((await lake.getDocument(`drafts.${id}`))?.image as {asset?: {_ref?: string}} | undefined)?.asset?._ref, {timeout: 30_000})
    .toMatch(/^image-[0-9a-f]{40}-\d+x\d+-png$/)
  // The studio shows the uploaded image from the lake's image endpoint.
  await expect(imageInput.locator('img').first()).toBeVisible()
})
