import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {createRateLimiter} from '../lib/rate-limit.ts'
import {appendToFile, EVENTS_FILE, EVENTS_LOG_LIMITS, recordEvent, rotatingAppender} from './handler.ts'

let dir: string
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'events-log-'))
})
afterEach(async () => {
  await fs.rm(dir, {recursive: true, force: true})
})

const sizes = async () =>
  Object.fromEntries(
    await Promise.all(
      (await fs.readdir(dir)).sort().map(async (name) => [name, (await fs.stat(path.join(dir, name))).size]),
    ),
  ) as Record<string, number>

const post = (body: unknown) =>
  new Request('http://site.test/api/events', {
    method: 'POST',
    headers: {'content-type': 'application/json'},
    body: JSON.stringify(body),
  })

describe('the events log', () => {
  it('rotates before a line would pass the cap and keeps a bounded number of files', async () => {
    const append = rotatingAppender(dir, {maxBytes: 1_000, keep: 2})
    const line = (i: number) => JSON.stringify({event: 'page_view', i, pad: 'x'.repeat(80)})
    // 200 events at once, as a burst of beacons arrives: about 20 KB, far over the 3 KB the log may hold.
    await Promise.all(Array.from({length: 200}, (_, i) => append(line(i))))
    const files = await sizes()
    expect(Object.keys(files)).toEqual(['events.1.ndjson', 'events.2.ndjson', EVENTS_FILE])
    for (const size of Object.values(files)) expect(size).toBeLessThanOrEqual(1_000)
    // Every line whole, the newest in the current file, the kept ones in order.
    const kept = (
      await Promise.all(
        ['events.2.ndjson', 'events.1.ndjson', EVENTS_FILE].map((name) => fs.readFile(path.join(dir, name), 'utf8')),
      )
    )
      .join('')
      .trim()
      .split('\n')
      .map((text) => (JSON.parse(text) as {i: number}).i)
    expect(kept.at(-1)).toBe(199)
    expect(kept).toEqual([...kept].sort((a, b) => a - b))
  })

  it('caps the log a server writes through POST /api/events, counting what the file already holds', async () => {
    // A log left by an earlier run, just under the cap.
    await fs.writeFile(path.join(dir, EVENTS_FILE), '')
    await fs.truncate(path.join(dir, EVENTS_FILE), EVENTS_LOG_LIMITS.maxBytes - 100)
    const deps = {
      rateLimiter: createRateLimiter({limit: 100, windowMs: 60_000}),
      append: appendToFile(dir),
    }
    expect(appendToFile(dir)).toBe(deps.append)
    for (let i = 0; i < 3; i += 1)
      expect((await recordEvent(post({event: 'page_view', path: '/stories'}), {clientAddress: '203.0.113.9'}, deps)).status).toBe(204)
    const files = await sizes()
    expect(files['events.1.ndjson']).toBeGreaterThanOrEqual(EVENTS_LOG_LIMITS.maxBytes - 100)
    expect(files['events.1.ndjson']).toBeLessThanOrEqual(EVENTS_LOG_LIMITS.maxBytes)
    expect(files[EVENTS_FILE]).toBeGreaterThan(0)
    expect(files[EVENTS_FILE]).toBeLessThan(1_000)
  })

  it('refuses an event that names an email address, in any property, and records nothing', async () => {
    const lines: string[] = []
    const deps = {
      rateLimiter: createRateLimiter({limit: 100, windowMs: 60_000}),
      append: async (line: string) => void lines.push(line),
    }
    const address = 'thandi.m@example.co.za'
    for (const body of [
      {event: 'newsletter_signup', email: address},
      {event: 'page_view', path: `/requests?who=${address}`},
      {event: 'page_view', label: `From ${address} today`},
    ])
      expect((await recordEvent(post(body), {clientAddress: '203.0.113.9'}, deps)).status).toBe(400)
    expect(lines).toEqual([])
    expect((await recordEvent(post({event: 'page_view', path: '/about'}), {clientAddress: '203.0.113.9'}, deps)).status).toBe(204)
  })

  it('refuses events carrying invisible characters and records nothing', async () => {
    const lines: string[] = []
    const deps = {
      rateLimiter: createRateLimiter({limit: 100, windowMs: 60_000}),
      append: async (line: string) => void lines.push(line),
    }
    for (const label of ['a\u{E0041}b', 'a\u2028b', 'a\u3164b', 'a\uFE0F\uFE0F'])
      expect((await recordEvent(post({event: 'page_view', label}), {clientAddress: '203.0.113.9'}, deps)).status, label).toBe(400)
    expect(lines).toEqual([])
  })
})
