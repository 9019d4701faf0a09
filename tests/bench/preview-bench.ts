import fs from 'node:fs'
import path from 'node:path'

import {chromium, type Frame, type Page} from '@playwright/test'
import {createClient} from '@sanity/client'

import {watchFor} from '../e2e/studio/watch-frame-text.ts'
import {startProduct} from './start-product.ts'
import type {BenchResult} from './stats.ts'

/**
 * How long a draft edit takes to show in the studio's Presentation frame, goal p95 ≤ 1 s.
 * - typed in the form: an editor types a new title into the experience's form beside the frame; the page shows
 *   the form's unsaved state (the Presentation tool's loader channel, web/src/preview/studio-loader.ts);
 * - saved to the lake: another client saves a draft (a second editor, a script); the page follows the lake's
 *   live events through the site (server/preview/live-relay.ts) and refetches through its preview endpoint.
 * Each from the action to the moment the new text is in the frame's DOM (a MutationObserver's clock).
 */
const SITE_PORT = 3290
const LAKE_PORT = 3623
const EDITS = 20
const EXPERIENCE_ID = 'experience-lions-head-sunset-hike'
const PAGE = '/experiences/lions-head-sunset-hike'

async function previewFrame(page: Page, siteUrl: string): Promise<Frame> {
  for (let tries = 0; tries < 600; tries++) {
    const frame = page
      .frames()
      .find((f) => f.url().startsWith(siteUrl) && !f.url().includes('/api/'))
    const live = await frame
      ?.evaluate(() => document.documentElement.dataset.previewLive === 'studio')
      .catch(() => false)
    if (frame && live) return frame
    await page.waitForTimeout(100)
  }
  throw new Error('The Presentation frame never followed the studio')
}

/** Milliseconds from `act` until `text` is in the frame's main content. */
async function timeUntilShown(frame: Frame, text: string, act: () => Promise<unknown>) {
  const seenAt = await watchFor(frame, text)
  const started = Date.now()
  await act()
  const seen = await Promise.race([
    seenAt(),
    new Promise<number>((resolve) => setTimeout(() => resolve(Number.NaN), 10_000)),
  ])
  // Not shown within 10 s counts as 10 s, so a lost update shows in the p95 instead of vanishing.
  return Number.isNaN(seen) ? 10_000 : seen - started
}

export async function benchPreview(): Promise<BenchResult[]> {
  const product = await startProduct('preview', {sitePort: SITE_PORT, lakePort: LAKE_PORT})
  const urls = JSON.parse(fs.readFileSync(path.join(product.dataDir, 'urls.json'), 'utf8')) as {
    studioSignIn: string
    lake: string
    lakeTls: string
  }
  const secrets = JSON.parse(
    fs.readFileSync(path.join(product.dataDir, 'secrets.json'), 'utf8'),
  ) as {
    editorToken: string
  }
  const lake = createClient({
    projectId: 'local',
    dataset: 'production',
    apiHost: urls.lake,
    useProjectHostname: false,
    apiVersion: '2025-02-19',
    useCdn: false,
    token: secrets.editorToken,
  })
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
  const typed: number[] = []
  const saved: number[] = []
  try {
    const context = await browser.newContext({
      ignoreHTTPSErrors: true,
      viewport: {width: 1600, height: 1000},
    })
    const page = await context.newPage()
    await page.goto(urls.studioSignIn)
    await page.waitForURL(/\/studio\/content\/structure/, {timeout: 120_000})
    await page.goto(
      `${urls.lakeTls}/studio/content/presentation?preview=${encodeURIComponent(PAGE)}`,
    )
    const frame = await previewFrame(page, product.siteUrl)
    const title = page.getByTestId('field-title').locator('input')
    await title.waitFor({state: 'visible', timeout: 60_000})

    for (let edit = 0; edit < EDITS; edit++) {
      const text = `Lion’s Head, typed edit ${edit}`
      typed.push(await timeUntilShown(frame, text, () => title.fill(text)))
      // Give the studio its autosave before the next edit, as between an editor's sentences.
      await page.waitForTimeout(300)
    }
    // The same page, now changed by someone else: the draft saved straight to the lake.
    await page.waitForTimeout(1_500)
    for (let edit = 0; edit < EDITS; edit++) {
      const text = `Lion’s Head, saved edit ${edit}`
      saved.push(
        await timeUntilShown(frame, text, () =>
          lake.patch(`drafts.${EXPERIENCE_ID}`).set({title: text}).commit(),
        ),
      )
      await page.waitForTimeout(300)
    }
    await context.close()
  } finally {
    await browser.close()
    await product.stop()
  }
  const within = (samples: number[]) =>
    `${samples.filter((ms) => ms <= 1_000).length} of ${samples.length}`
  return [
    {
      name: 'preview: typed in the form to shown in the frame',
      unit: 'ms',
      samples: typed,
      extra: {'within 1 s': within(typed)},
    },
    {
      name: 'preview: draft saved to the lake to shown in the frame',
      unit: 'ms',
      samples: saved,
      extra: {'within 1 s': within(saved)},
    },
  ]
}
