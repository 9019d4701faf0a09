import type {APIRequestContext, Page} from '@playwright/test'

import {varnishInstalled} from '../../../scripts/lib/varnish.ts'
import {formatZar} from '../../../web/src/utils/format-price.ts'
import {env, expect, test} from '../fixtures.ts'

// Varnish in front of the site (`npm start -- --edge`), as a CDN would be: public pages are kept until a publish
// purges the pages that read what changed (docs/decisions/060-cacheable-pages.md).

const EXPERIENCE_ID = 'experience-lions-head-sunset-hike'
const EXPERIENCE = '/experiences/lions-head-sunset-hike'
// Reads the stories, the pages' texts and the site's settings: no experience.
const UNRELATED = '/stories'
const edge = (path: string) => `${env.edgeUrl}${path}`

type Edged = {
  status: number
  cache: string
  hits: number
  age: number
  body: string
  headers: Record<string, string>
}

async function viaEdge(
  request: APIRequestContext,
  path: string,
  headers: Record<string, string> = {},
): Promise<Edged> {
  const response = await request.get(edge(path), {headers, maxRedirects: 0})
  const all = response.headers()
  return {
    status: response.status(),
    cache: all['x-cache'] ?? '',
    hits: Number(all['x-cache-hits'] ?? 0),
    age: Number(all['age'] ?? 0),
    body: await response.text(),
    headers: all,
  }
}

test.beforeAll(async ({request}) => {
  if (!varnishInstalled())
    throw new Error(
      'Varnish with xkey is missing: `apt-get install -y varnish varnish-modules` (npm test installs it)',
    )
  // A stack that has just started purges everything once it holds the purge lease (and again a second later):
  // wait until a page stays cached across that second.
  await expect
    .poll(
      async () => {
        await viaEdge(request, '/privacy').catch(() => undefined)
        await new Promise((resolve) => setTimeout(resolve, 1_200))
        return (await viaEdge(request, '/privacy').catch(() => undefined))?.cache
      },
      {timeout: 60_000, intervals: [100]},
    )
    .toBe('HIT')
})

test('a published price shows through the cache within five seconds, purged by tag; other pages stay cached', async ({
  page,
  request,
  lake,
}) => {
  test.slow()
  await lake.delete(`drafts.${EXPERIENCE_ID}`)
  const original = await lake.getDocument<{fromPrice: number}>(EXPERIENCE_ID)
  if (!original) throw new Error('The seeded experience is missing')
  const fromPrice = 1_000 + (Date.now() % 9_000)
  // As the page shows it ("ZAR 4,321"), and nowhere else on it before the publish.
  const price = formatZar(fromPrice)

  // Warm the cache: the second visit is a hit.
  for (const path of [EXPERIENCE, UNRELATED]) {
    await viaEdge(request, path)
    await expect.poll(async () => (await viaEdge(request, path)).cache).toBe('HIT')
  }
  const unrelatedBefore = await viaEdge(request, UNRELATED)
  // The purge keys stay in the cache: visitors get none.
  expect(unrelatedBefore.headers['surrogate-key']).toBeUndefined()
  expect(unrelatedBefore.headers['cache-tag']).toBeUndefined()

  try {
    // The editor's draft never reaches the cache: not even a visit with a (forged) preview cookie keeps it there.
    await lake.createOrReplace({...original, _id: `drafts.${EXPERIENCE_ID}`, fromPrice})
    const previewed = await viaEdge(request, EXPERIENCE, {cookie: 'site_preview=forged'})
    expect(previewed.cache).toBe('MISS')
    await page.waitForTimeout(1_000)
    const beforePublish = await viaEdge(request, EXPERIENCE)
    expect(beforePublish.cache).toBe('HIT')
    expect(beforePublish.body).not.toContain(price)

    // Publish as the studio's Publish button does (the Actions API).
    const publishedAt = Date.now()
    await lake.action({
      actionType: 'sanity.action.document.publish',
      draftId: `drafts.${EXPERIENCE_ID}`,
      publishedId: EXPERIENCE_ID,
    })
    let fresh: Edged | undefined
    await expect
      .poll(
        async () => {
          fresh = await viaEdge(request, EXPERIENCE)
          return fresh.body.includes(price)
        },
        {timeout: 5_000, intervals: [100]},
      )
      .toBe(true)
    expect(Date.now() - publishedAt).toBeLessThan(5_000)
    // Purged, not expired: the page may be kept ten minutes, and its new copy is young.
    expect(beforePublish.headers['cache-control']).toContain('s-maxage=600')
    expect(fresh!.age).toBeLessThanOrEqual(Math.ceil((Date.now() - publishedAt) / 1000))
    // A person sees it too.
    await page.goto(edge(EXPERIENCE))
    await expect(page.getByText(price).first()).toBeVisible()

    // The stories page read nothing that changed: still the copy from before the publish, and a hit.
    const unrelatedAfter = await viaEdge(request, UNRELATED)
    expect(unrelatedAfter.cache).toBe('HIT')
    expect(unrelatedAfter.hits).toBeGreaterThan(unrelatedBefore.hits)
    expect(unrelatedAfter.age).toBeGreaterThanOrEqual(unrelatedBefore.age + 1)
    expect(unrelatedAfter.headers.etag).toBe(unrelatedBefore.headers.etag)
  } finally {
    await lake
      .transaction()
      .delete(`drafts.${EXPERIENCE_ID}`)
      .patch(EXPERIENCE_ID, (p) => p.set({fromPrice: original.fromPrice}))
      .commit()
  }
  await expect
    .poll(async () => (await viaEdge(request, EXPERIENCE)).body.includes(price), {timeout: 5_000})
    .toBe(false)
})

test('staff, request and form-result pages are never kept by the cache', async ({request}) => {
  for (const path of [
    '/admin/bookings',
    '/requests/a-secret-request-link',
    '/thank-you',
    '/book/lions-head-sunset-hike',
  ]) {
    for (let visit = 0; visit < 2; visit++) {
      const response = await viaEdge(request, path)
      expect(response.headers['cache-control'], path).toBe('private, no-store')
      expect(response.cache, path).toBe('MISS')
      expect(response.headers.etag, path).toBeUndefined()
    }
  }
})

async function policyViolations(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as {__violations: string[]}
    w.__violations = []
    document.addEventListener('securitypolicyviolation', (event) =>
      w.__violations.push(`${event.violatedDirective} ${event.blockedURI || 'inline'}`),
    )
  })
  return () => page.evaluate(() => (window as unknown as {__violations: string[]}).__violations)
}

test('a page from the cache hydrates with nothing refused, and the policy still blocks an injected script', async ({
  page,
  request,
}) => {
  await viaEdge(request, '/experiences')
  const violations = await policyViolations(page)
  await page.goto(edge('/experiences'))
  await page.waitForLoadState('networkidle')
  expect(await violations()).toEqual([])

  // What an injection would add, after the page's own scripts ran: an inline script and an inline handler.
  await page.evaluate(() => {
    const script = document.createElement('script')
    script.textContent = 'window.__injected = "script"'
    document.body.append(script)
    const holder = document.createElement('div')
    holder.innerHTML = '<img src="data:," onerror="window.__injected = \'handler\'">'
    document.body.append(holder)
  })
  await expect.poll(async () => (await violations()).length).toBeGreaterThanOrEqual(2)
  expect(
    await page.evaluate(() => (window as unknown as {__injected?: string}).__injected),
  ).toBeUndefined()
  expect((await violations()).every((v) => v.startsWith('script-src'))).toBe(true)
})
