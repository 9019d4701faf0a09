import fs from 'node:fs'
import path from 'node:path'

import type {Page} from '@playwright/test'

import {env, expect, test} from '../fixtures.ts'
import {capeTownDate, declineAnalytics, openPage, PUBLIC_ROUTES} from './site.ts'

// A visitor never downloads the staff dashboard's code or anything of the studio. The
// router imports each page lazily (web/src/app/router.tsx), so Vite gives the dashboard its own chunk(s); which
// files those are is read from the build's manifest, the same one the server reads to preload page chunks.

type ManifestChunk = {
  file: string
  src?: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

const clientDir = path.resolve(import.meta.dirname, '../../../web/dist/client')
/** The dashboard's sources: its route module and its feature folder. */
const ADMIN_SOURCE = /^src\/(app\/routes\/admin-[^/]+|features\/admin\/.+)\.tsx?$/
/** Text only the dashboard's code contains (its locked and unlocked headings). */
const ADMIN_MARKERS = ['Admin Access Required', 'Access Dashboard']

/** The build's manifest, which the server reads too. */
const readManifest = () =>
  JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest

/**
 * The built files only the dashboard needs: everything its modules pull in, minus whatever the site's entry
 * reaches without going through them (shared chunks such as React or the modal are not admin code).
 */
function adminOnlyFiles(): Set<string> {
  const manifest = readManifest()
  const adminKeys = Object.keys(manifest).filter((key) =>
    ADMIN_SOURCE.test(manifest[key]!.src ?? ''),
  )
  const reach = (roots: string[], skip: (key: string) => boolean) => {
    const files = new Set<string>()
    const seen = new Set<string>()
    const visit = (key: string) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(key) || skip(key)) return
      seen.add(key)
      files.add(chunk.file)
      for (const css of chunk.css ?? []) files.add(css)
      for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next)
    }
    roots.forEach(visit)
    return files
  }
  const admin = reach(adminKeys, () => false)
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry)
  const publicFiles = reach(entries, (key) => adminKeys.includes(key))
  return new Set([...admin].filter((file) => !publicFiles.has(file)))
}

/** Records the address of everything the page requests. */
function recordRequests(page: Page): string[] {
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))
  return requests
}

/** The text of every script among the requests, fetched again (a page's response bodies go with the page). */
async function scriptBodies(page: Page, requests: string[]): Promise<Map<string, string>> {
  const scripts = [...new Set(requests.filter((url) => /\.m?js$/.test(new URL(url).pathname)))]
  const bodies = new Map<string, string>()
  for (const url of scripts) {
    const response = await page.request.get(url)
    expect(response.status(), url).toBe(200)
    bodies.set(url, await response.text())
  }
  return bodies
}

const isCode = (url: string) => /\.(m?js|css)(\?|$)/.test(new URL(url).pathname)
const assetPath = (url: string) => new URL(url).pathname.replace(/^\//, '')

test('the dashboard has its own chunk, and the dashboard page loads it', async ({page}) => {
  const adminFiles = adminOnlyFiles()
  const routeChunk = [...adminFiles].find((file) => /admin-bookings-[\w-]+\.js$/.test(file))
  expect(routeChunk, `admin-only files: ${[...adminFiles].join(', ')}`).toBeTruthy()

  const requests = recordRequests(page)
  await openPage(page, '/admin/bookings')
  await expect(page.getByRole('heading', {name: 'Admin Access Required'})).toBeVisible()
  const loaded = requests.filter(isCode).map(assetPath)
  expect(loaded).toContain(routeChunk)
  // Its code is where the markers are found, so their absence elsewhere means something.
  const bodies = [...(await scriptBodies(page, requests)).values()]
  for (const marker of ADMIN_MARKERS) {
    expect(
      bodies.some((body) => body.includes(marker)),
      marker,
    ).toBe(true)
  }
})

for (const width of [360, 768, 1280]) {
  test(`public pages never load the dashboard's or the studio's code at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await declineAnalytics(page)
    await page.setViewportSize({width, height: 800})
    const adminFiles = adminOnlyFiles()
    expect(adminFiles.size).toBeGreaterThan(0)
    const requests = recordRequests(page)

    for (const route of PUBLIC_ROUTES) await openPage(page, route)
    // Client-side navigation loads page chunks on demand too: follow the main navigation from the home page.
    await openPage(page, '/')
    const nav =
      width < 1000
        ? async (name: string) => {
            await page.getByRole('button', {name: 'Open menu'}).click()
            await page.getByRole('dialog', {name: 'Main menu'}).getByRole('link', {name}).click()
          }
        : async (name: string) =>
            page.getByRole('banner').getByRole('link', {name, exact: true}).click()
    for (const [name, url] of [
      ['Experiences', '/experiences'],
      ['Local Stories', '/local-stories'],
      ['About Us', '/about'],
      ['Book Experience', '/experiences'],
    ] as const) {
      await nav(name)
      await expect(page).toHaveURL(url)
      await expect(page.getByRole('main')).toBeVisible()
    }
    // Nothing is fetched later while the visitor reads (idle prefetching would show up here).
    await page.waitForLoadState('networkidle')

    const code = requests.filter(isCode)
    expect(code.length).toBeGreaterThan(PUBLIC_ROUTES.length / 4)
    expect(code.filter((url) => adminFiles.has(assetPath(url)))).toEqual([])
    expect(requests.filter((url) => new URL(url).pathname.startsWith('/studio'))).toEqual([])
    expect(requests.filter((url) => new URL(url).origin === env.lakeTlsUrl)).toEqual([])

    // Whatever the chunk names, no script the visitor received contains the dashboard's code.
    const bodies = await scriptBodies(page, requests)
    expect(bodies.size).toBeGreaterThan(5)
    for (const [url, text] of bodies) {
      for (const marker of ADMIN_MARKERS)
        expect(text.includes(marker), `${url}: ${marker}`).toBe(false)
    }
  })
}

test('opening the booking dialog downloads what its form needs: not the request’s validation library, nor the site’s stylesheet, which came inside the page', async ({
  page,
}) => {
  await declineAnalytics(page)
  const entry = Object.values(readManifest()).find((chunk) => chunk.isEntry)!
  const stylesheet = entry.css?.[0]
  expect(stylesheet).toMatch(/\.css$/)
  const requests = recordRequests(page)

  await openPage(page, '/experiences/lions-head-sunset-hike')
  // The booking dialog's form is a dynamic import whose preloads list the stylesheet (its rules are shared).
  await page.getByRole('button', {name: 'Book Now'}).first().click()
  await expect(
    page.getByRole('dialog', {name: 'Book this experience'}).getByLabel('Date', {exact: true}),
  ).toBeVisible()
  await page.waitForLoadState('networkidle')

  expect(requests.map(assetPath)).not.toContain(stylesheet)
  // zod checks what the booking page sends; the dialog only reads a date and a group.
  const bodies = await scriptBodies(page, requests)
  expect(bodies.size).toBeGreaterThan(5)
  for (const [url, text] of bodies) expect(text.includes('ZodError'), url).toBe(false)
  // The marker means something: the booking page does load zod.
  await openPage(page, `/book/lions-head-sunset-hike?date=${capeTownDate(30)}`)
  await page.waitForLoadState('networkidle')
  const bookingPage = await scriptBodies(page, requests)
  expect([...bookingPage.values()].some((text) => text.includes('ZodError'))).toBe(true)
})
