import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

import {startProduct} from './start-product.ts'
import {percentile, type BenchResult} from './stats.ts'

/**
 * Lighthouse (mobile, simulated throttling) on the running product, as `npm start` runs it, with
 * the seed content: scores, LCP, CLS, total blocking time, and the JavaScript a page loads first.
 */
const PAGES = [
  '/',
  '/experiences',
  '/experiences/lions-head-sunset-hike',
  '/stories/cape-jazz-scene',
]
const SITE_PORT = 3200
const LAKE_PORT = 3533
const RUNS_PER_PAGE = 3

export async function benchSite(): Promise<BenchResult[]> {
  const product = await startProduct('site', {sitePort: SITE_PORT, lakePort: LAKE_PORT})
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const results: BenchResult[] = []
  try {
    const site = product.siteUrl
    for (const page of PAGES) {
      // Lighthouse's simulated figures move a little from run to run: the median of three runs is reported.
      const runs: Record<string, number>[] = []
      const errors: string[] = []
      for (let run = 0; run < RUNS_PER_PAGE; run++) {
        const runner = await lighthouse(`${site}${page}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        })
        const lhr = runner!.lhr
        // A failed run (e.g. Chromium missed the paint) must not read as a score of 0.
        if (lhr.runtimeError) {
          errors.push(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`)
          continue
        }
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
        const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
        const requests =
          (
            lhr.audits['network-requests']?.details as {
              items?: {resourceType?: string; transferSize?: number}[]
            }
          )?.items ?? []
        const scriptBytes = requests
          .filter((request) => request.resourceType === 'Script')
          .reduce((sum, request) => sum + (request.transferSize ?? 0), 0)
        runs.push({
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          seo: score('seo'),
          lcpSeconds: Math.round(numeric('largest-contentful-paint') / 10) / 100,
          cls: Math.round(numeric('cumulative-layout-shift') * 1000) / 1000,
          totalBlockingTimeMs: Math.round(numeric('total-blocking-time')),
          firstLoadJsKbCompressed: Math.round(scriptBytes / 102.4) / 10,
        })
      }
      const median = (key: string) =>
        percentile(
          runs.map((run) => run[key] ?? Number.NaN),
          50,
        )
      results.push({
        name: `site ${page} (Lighthouse performance, ${runs.length} runs)`,
        unit: 'score',
        samples: runs.map((run) => run.performance ?? Number.NaN),
        extra: {
          ...Object.fromEntries(
            [
              'accessibility',
              'bestPractices',
              'seo',
              'lcpSeconds',
              'cls',
              'totalBlockingTimeMs',
              'firstLoadJsKbCompressed',
            ].map((key) => [`${key} (median)`, median(key)]),
          ),
          ...(errors.length > 0 ? {failedRuns: errors.join(' | ')} : {}),
        },
      })
    }
  } finally {
    await chrome.kill()
    await product.stop()
  }
  return results
}
