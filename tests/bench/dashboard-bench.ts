import fs from 'node:fs'
import path from 'node:path'

import {chromium} from '@playwright/test'
import {createClient} from '@sanity/client'

import {startProduct} from './start-product.ts'
import type {BenchResult} from './stats.ts'

/**
 * The staff dashboard's first render with data, in Chromium against the product as
 * `npm start` runs it, with 10,000 bookings: from "Access Dashboard" (and, signed in, from
 * navigation) until the newest booking is on screen.
 */
const DOCUMENTS = 10_000
const RUNS = 10
const SITE_PORT = 3250
const LAKE_PORT = 3583
const PASSWORD = 'bench-dashboard-password'
const EXPERIENCES = [
  "Lion's Head Sunset Hike",
  'Cape Winelands Tour',
  'Bo-Kaap Food Walk',
  'Township Jazz Night',
]
const STATUSES = ['new', 'contacted', 'confirmed', 'declined', 'closed']

export async function benchDashboard(): Promise<BenchResult[]> {
  const product = await startProduct('dashboard', {
    sitePort: SITE_PORT,
    lakePort: LAKE_PORT,
    env: {ADMIN_PASSWORD: PASSWORD},
  })
  const dataDir = product.dataDir
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  try {
    const site = product.siteUrl
    const {rootToken} = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      rootToken: string
    }
    const bookings = createClient({
      projectId: 'local',
      dataset: 'bookings',
      apiHost: `http://127.0.0.1:${LAKE_PORT}`,
      useProjectHostname: false,
      apiVersion: '2025-02-19',
      useCdn: false,
      token: rootToken,
    })
    for (let start = 0; start < DOCUMENTS; start += 500) {
      const tx = bookings.transaction()
      for (let i = start; i < start + 500; i++) {
        tx.create({
          _id: `booking.bench-${i}`,
          _type: 'booking',
          booking_ref: `CTB-${String(i).padStart(6, '0')}`,
          status: STATUSES[i % STATUSES.length],
          created_at: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
          experience_id: 'lions-head-sunset-hike',
          experience_title: EXPERIENCES[i % EXPERIENCES.length],
          date: '2027-01-15',
          pax_adults: 2,
          pax_children: i % 3,
          pax_total: 2 + (i % 3),
          name: `Traveller ${i}`,
          email: `traveller${i}@example.com`,
        })
      }
      await tx.commit({visibility: 'async'})
    }
    const newest = `CTB-${String(DOCUMENTS - 1).padStart(6, '0')}`
    const page = await (await browser.newContext()).newPage()

    const unlock: number[] = []
    const revisit: number[] = []
    for (let run = 0; run < RUNS; run++) {
      await page.context().clearCookies()
      await page.goto(`${site}/admin/bookings`)
      await page.getByLabel('Password').fill(PASSWORD)
      const started = performance.now()
      await page.getByRole('button', {name: 'Access Dashboard'}).click()
      await page.getByText(newest).first().waitFor()
      unlock.push(performance.now() - started)

      const navigated = performance.now()
      await page.goto(`${site}/admin/bookings`)
      await page.getByText(newest).first().waitFor()
      revisit.push(performance.now() - navigated)
    }
    return [
      {
        name: `dashboard: Access Dashboard to the newest of ${DOCUMENTS} bookings on screen`,
        unit: 'ms',
        samples: unlock,
      },
      {
        name: 'dashboard: signed-in visit (navigation) to the newest booking on screen',
        unit: 'ms',
        samples: revisit,
      },
    ]
  } finally {
    await browser.close()
    await product.stop()
  }
}
