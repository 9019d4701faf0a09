import type {Page} from '@playwright/test'

import {env, expect, test} from '../fixtures.ts'
import {openPage} from './site.ts'

// Content images come from the lake's image pipeline, responsive and in a modern format, with
// their space reserved so nothing moves as they arrive; only the hero loads at once. Checked on the three pages
// with the most images, at phone, tablet and desktop widths.

const PAGES = ['/', '/experiences', '/stories/cape-jazz-scene']
const WIDTHS = [360, 768, 1280]
const HEIGHT = 800
/** Google's "good" threshold for cumulative layout shift. */
const CLS_LIMIT = 0.1

/** `<lake>/images/<projectId>/<dataset>/<asset>-<w>x<h>.<ext>?…` */
const LAKE_IMAGE = new RegExp(
  `^${env.lakeUrl.replace(/[.]/g, '\\.')}/images/local/production/[0-9a-f]{40}-\\d+x\\d+\\.(jpg|png|webp)\\?`,
)

type ImageFacts = {
  src: string
  currentSrc: string
  srcset: string
  sizes: string | null
  widthAttr: string | null
  heightAttr: string | null
  aspectRatio: string
  loading: string | null
  fetchPriority: string | null
  top: number
  renderedWidth: number
  renderedHeight: number
  complete: boolean
  naturalWidth: number
  inHero: boolean
}

/** Everything the checks need about every image of the page, read in one go. */
function readImages(page: Page): Promise<ImageFacts[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('img')].map((img) => {
      const box = img.getBoundingClientRect()
      return {
        src: img.getAttribute('src') ?? '',
        currentSrc: img.currentSrc,
        srcset: img.getAttribute('srcset') ?? '',
        sizes: img.getAttribute('sizes'),
        widthAttr: img.getAttribute('width'),
        heightAttr: img.getAttribute('height'),
        aspectRatio: getComputedStyle(img).aspectRatio,
        loading: img.getAttribute('loading'),
        fetchPriority: img.getAttribute('fetchpriority'),
        top: box.top + window.scrollY,
        renderedWidth: box.width,
        renderedHeight: box.height,
        complete: img.complete,
        naturalWidth: img.naturalWidth,
        // In the page's first section: the home hero, the listing's hero, the story's header picture.
        inHero: img.closest('main > :first-child, main > article > :first-child') !== null,
      }
    }),
  )
}

/** Adds up layout shifts (without recent input) from the first paint on, and remembers the LCP element. */
async function observeLayout(page: Page) {
  await page.addInitScript(() => {
    const state = {cls: 0, shifts: [] as string[], lcp: null as Element | null}
    ;(window as unknown as {__layout: typeof state}).__layout = state
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number
        hadRecentInput: boolean
        sources?: {node?: Node | null}[]
      })[]) {
        if (entry.hadRecentInput) continue
        state.cls += entry.value
        const nodes = (entry.sources ?? []).map((source) => {
          const node = source.node
          return node instanceof Element
            ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}.${[...node.classList].join('.')}`
            : String(node?.nodeName)
        })
        state.shifts.push(
          `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${nodes.join(', ')}`,
        )
      }
    }).observe({type: 'layout-shift', buffered: true})
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1) as
        (PerformanceEntry & {element?: Element | null}) | undefined
      if (last?.element) state.lcp = last.element
    }).observe({type: 'largest-contentful-paint', buffered: true})
  })
}

/** Scrolls down half a screen at a time, as a reader does, to the bottom, and waits for every image. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight)
  for (let y = HEIGHT / 2; y <= height; y += HEIGHT / 2) {
    await page.evaluate((top) => window.scrollTo(0, top), y)
    await page.waitForTimeout(60)
  }
  await expect
    .poll(() => page.evaluate(() => window.scrollY + window.innerHeight))
    .toBeGreaterThanOrEqual((await page.evaluate(() => document.documentElement.scrollHeight)) - 2)
  await expect
    .poll(() => page.evaluate(() => [...document.images].filter((img) => !img.complete).length), {
      message: 'every image has loaded after scrolling',
    })
    .toBe(0)
}

function candidates(srcset: string): {url: string; width: number}[] {
  return srcset
    .split(/,\s+(?=\S+\s+\d+w)/)
    .map((candidate) => candidate.trim().split(/\s+/))
    .map(([url, descriptor]) => ({
      url: url!,
      width: Number(/^(\d+)w$/.exec(descriptor ?? '')?.[1]),
    }))
}

for (const width of WIDTHS) {
  test(`content images are responsive, modern, reserved and lazy below the fold at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({width, height: HEIGHT})
    await observeLayout(page)
    const imageResponses: {url: string; type: string; status: number}[] = []
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'image') return
      imageResponses.push({
        url: response.url(),
        type: response.headers()['content-type'] ?? '',
        status: response.status(),
      })
    })

    // Assets an earlier page fetched sit in the memory cache, where even a lazy image is taken at once.
    const fetchedBefore = new Set<string>()
    for (const path of PAGES) {
      await test.step(path, async () => {
        for (const response of imageResponses) fetchedBefore.add(new URL(response.url).pathname)
        imageResponses.length = 0
        await openPage(page, path)
        await page.waitForLoadState('load')
        const images = (await readImages(page)).filter((image) => !image.src.startsWith('data:'))
        expect(images.length, `${path} has content images`).toBeGreaterThan(path === '/' ? 5 : 0)

        for (const [index, image] of images.entries()) {
          const label = `${path} image ${index + 1} (${image.src.slice(0, 120)})`
          expect(image.src, label).toMatch(LAKE_IMAGE)
          const srcset = candidates(image.srcset)
          const widths = new Set(srcset.map((candidate) => candidate.width))
          expect(widths.size, `${label}: srcset widths`).toBeGreaterThanOrEqual(3)
          for (const candidate of [{url: image.src, width: 0}, ...srcset]) {
            expect(candidate.url, label).toMatch(LAKE_IMAGE)
            const params = new URL(candidate.url).searchParams
            const modern =
              params.get('auto') === 'format' || /^(webp|avif)$/.test(params.get('fm') ?? '')
            expect(modern, `${label}: ${candidate.url} asks for a modern format`).toBe(true)
            // The width descriptor is the width the image API is asked for.
            if (candidate.width) expect(params.get('w'), label).toBe(String(candidate.width))
          }
          expect(image.sizes?.trim(), `${label}: sizes`).toBeTruthy()
          // The box is known before the bytes arrive: width and height attributes, or a CSS aspect-ratio.
          const reserved =
            (Number(image.widthAttr) > 0 && Number(image.heightAttr) > 0) ||
            /^\d/.test(image.aspectRatio.replace(/^auto\s*/, ''))
          expect(reserved, `${label}: width/height or aspect-ratio`).toBe(true)
        }

        // One picture per page is the one to show first (the hero; on the listing, whose hero has no picture,
        // the first card): loaded at once with high priority. The largest paint, when it is a picture, is never
        // a lazy one. Everything else that starts below the first screen is lazy.
        const heroes = images.filter((image) => image.inHero)
        expect(heroes.length, `${path}: hero images`).toBe(path === '/experiences' ? 0 : 1)
        const first = images.filter((image) => image.fetchPriority === 'high')
        expect(first.length, `${path}: images marked fetchpriority=high`).toBe(1)
        expect(first[0]!.loading, `${path}: the first image loads at once`).not.toBe('lazy')
        if (heroes[0])
          expect(first[0]!.src, `${path}: the hero is the first image`).toBe(heroes[0].src)
        const lcp = await page.evaluate(() => {
          const element = (window as unknown as {__layout: {lcp: Element | null}}).__layout.lcp
          return element instanceof HTMLImageElement
            ? {image: true, lazy: element.loading === 'lazy', src: element.getAttribute('src')}
            : {image: false, lazy: false, src: element?.tagName ?? null}
        })
        expect(lcp.lazy, `${path}: the largest contentful paint (${lcp.src}) is a lazy image`).toBe(
          false,
        )
        const belowTheFold = images.filter(
          (image) => image.fetchPriority !== 'high' && image.top >= HEIGHT,
        )
        if (path !== '/stories/cape-jazz-scene')
          expect(belowTheFold.length, path).toBeGreaterThan(0)
        for (const image of belowTheFold) {
          expect(image.loading, `${path}: ${image.src.slice(0, 120)} is below the fold`).toBe(
            'lazy',
          )
        }
        // Lazy images really wait: before scrolling, those far below (beyond Chromium's largest lazy-loading
        // margin, 3000 px) have not been requested.
        const farBelow = belowTheFold.filter(
          (image) => image.top > HEIGHT + 3_000 && !fetchedBefore.has(new URL(image.src).pathname),
        )
        if (path === '/') expect(farBelow.length, path).toBeGreaterThan(0)
        for (const image of farBelow) {
          expect(
            image.currentSrc,
            `${path}: ${image.src.slice(0, 120)} was requested before it came near the viewport`,
          ).toBe('')
        }

        await scrollThrough(page)
        const loaded = (await readImages(page)).filter((image) => !image.src.startsWith('data:'))
        expect(loaded.map((image) => image.src)).toEqual(images.map((image) => image.src))
        for (const [index, image] of loaded.entries()) {
          // A picture that arrived while scrolling kept the box it had before: its space was reserved.
          const before = images[index]!
          if (!before.complete) {
            expect(
              [image.renderedWidth, image.renderedHeight],
              `${path}: the box of ${image.src.slice(0, 120)} before and after loading`,
            ).toEqual([before.renderedWidth, before.renderedHeight])
          }
          const label = `${path}: ${image.currentSrc.slice(0, 140)}`
          expect(image.naturalWidth, label).toBeGreaterThan(0)
          // The browser picked a size near the one shown, not the largest (sizes matches the layout).
          const chosen = Number(new URL(image.currentSrc).searchParams.get('w'))
          const smallest = Math.min(...candidates(image.srcset).map((c) => c.width))
          expect(
            chosen,
            `${label}: shown ${Math.round(image.renderedWidth)} px wide`,
          ).toBeLessThanOrEqual(Math.max(smallest, image.renderedWidth * 2))
          expect(image.renderedHeight, label).toBeGreaterThan(0)
        }

        // Chromium accepts AVIF and WebP, so the image API answers with one of them.
        const fromLake = imageResponses.filter((response) => LAKE_IMAGE.test(response.url))
        expect(fromLake.length, `${path}: images fetched from the lake`).toBeGreaterThan(0)
        for (const response of fromLake) {
          expect(response.status, response.url).toBe(200)
          expect(response.type, response.url).toMatch(/^image\/(avif|webp)$/)
        }

        const {cls, shifts} = await page.evaluate(
          () => (window as unknown as {__layout: {cls: number; shifts: string[]}}).__layout,
        )
        expect(cls, `${path}: layout shifts\n${shifts.join('\n')}`).toBeLessThan(CLS_LIMIT)
      })
    }
  })
}
