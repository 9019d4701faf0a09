import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import {createClient} from '@sanity/client'
import {afterAll, describe, expect, it} from 'vitest'

import {createChallengeService} from '../lib/challenge.ts'
import {createOutbox, smtpTransport} from '../lib/mailer.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {queueBookingNotifications} from '../send-booking-notifications/handler.ts'
import {createBookingRequest, type CreateBookingRequestDeps} from './handler.ts'

/**
 * Issue 5 "Load and faults": 50 concurrent clients send 2,000 booking requests while the lake is killed with
 * SIGKILL and restarted once, and SMTP is down for the first part of the run. Afterwards every request that got
 * a 2xx (clients retry a 5xx with the same Idempotency-Key, as the form does) is stored exactly once, every stored booking's two mails arrived exactly once, and 5xx answers happened
 * only while the lake was down. (The mail half of the issue's scenario is not asserted here yet: see below.)
 */
const REQUESTS = Number(process.env.FAULTS_REQUESTS ?? 2000)
const CLIENTS = 50
const root = path.resolve(import.meta.dirname, '../..')
const children: ChildProcess[] = []
const closers: (() => Promise<void>)[] = []

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL')
  for (const close of closers) await close()
})

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

async function startLakeProcess(dataDir: string, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['lake/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LAKE_PORT: String(port),
      LAKE_TLS_PORT: String(await freePort()),
    },
    stdio: 'ignore',
  })
  children.push(child)
  for (let i = 0; i < 200; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/v1/ping`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return child
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error('lake did not start')
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? 0

// It kills and restarts a real lake process; about 15 s on this machine.
describe('booking requests under load with faults', () => {
  it('stores every acknowledged request exactly once through a lake kill, with SMTP down for part of the run', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-lake-'))
    const lakePort = await freePort()
    let lake = await startLakeProcess(dataDir, lakePort)
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      rootToken: string
      writeToken: string
    }
    const client = (dataset: string, token?: string) =>
      createClient({
        projectId: 'local',
        dataset,
        apiHost: `http://127.0.0.1:${lakePort}`,
        useProjectHostname: false,
        apiVersion: '2025-02-19',
        useCdn: false,
        perspective: token ? 'raw' : 'published',
        ...(token ? {token} : {}),
        // Fail fast while the lake is down instead of the client's own retries.
        maxRetries: 0,
        timeout: 5000,
      })
    await client('production', secrets.rootToken).createOrReplace({
      _id: 'load-exp',
      _type: 'experience',
      title: 'Load Walk',
      slug: {_type: 'slug', current: 'load-walk'},
      category: 'culture',
    })

    const smtpPort = await freePort()
    const queueDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-outbox-'))
    const outbox = createOutbox({
      queueDir,
      transport: smtpTransport(`smtp://127.0.0.1:${smtpPort}`),
      from: 'Bookings <bookings@example.com>',
      onError: () => {},
    })
    const challenges = createChallengeService({secret: 'load-secret-load-secret'})
    const bookings = client('bookings', secrets.writeToken)
    const deps: CreateBookingRequestDeps = {
      content: client('production'),
      bookings,
      challenges,
      rateLimiter: createRateLimiter({limit: 1_000_000, windowMs: 60_000}),
      notify: (booking) =>
        queueBookingNotifications(booking, {outbox, teamEmail: 'team@example.com'}),
      today: () => '2030-01-01',
      onError: () => {},
    }

    let lakeDown = false
    const acknowledged = new Map<string, string>()
    const latencies: number[] = []
    const unexpected: string[] = []
    let sent = 0
    const started = performance.now()

    async function clientLoop(clientId: number) {
      while (sent < REQUESTS) {
        const n = sent++
        const {question, token} = challenges.issue()
        const [, a, b] = /What is (\d+) \+ (\d+)\?/.exec(question)!
        const key = `load-${clientId}-${n}-key`
        const body = JSON.stringify({
          experienceId: 'load-walk',
          date: '2030-01-10',
          adults: 1 + (n % 4),
          children: n % 2,
          name: `Load ${n}`,
          email: `load${n}@example.com`,
          consentBooking: true,
          consentPrivacy: true,
          securityAnswer: String(Number(a) + Number(b)),
          challengeToken: token,
        })
        // Like the form: after a 5xx the client retries the same request (same key, same solved question).
        for (let attempt = 0; attempt < 100; attempt++) {
          const t0 = performance.now()
          const downBefore = lakeDown
          const response = await createBookingRequest(
            new Request('http://site.test/api/booking-requests', {
              method: 'POST',
              headers: {'content-type': 'application/json', 'Idempotency-Key': key},
              body,
            }),
            {clientAddress: `10.0.${clientId}.1`},
            deps,
          )
          latencies.push(performance.now() - t0)
          if (response.status === 201) {
            acknowledged.set(key, ((await response.json()) as {booking_ref: string}).booking_ref)
            break
          }
          if (response.status < 500) {
            unexpected.push(`${response.status}: ${await response.text()}`)
            break
          }
          if (!(downBefore || lakeDown)) unexpected.push(`${response.status} while the lake was up`)
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      }
    }

    // The faults: the lake dies (SIGKILL) a quarter of the way in and comes back; SMTP starts after half.
    const faults = (async () => {
      while (sent < REQUESTS / 4) await new Promise((resolve) => setTimeout(resolve, 5))
      lakeDown = true
      process.stderr.write('[faults] killing the lake\n')
      lake.kill('SIGKILL')
      await new Promise((resolve) => lake.once('exit', resolve))
      await new Promise((resolve) => setTimeout(resolve, 300))
      lake = await startLakeProcess(dataDir, lakePort)
      lakeDown = false
      process.stderr.write('[faults] lake back\n')
      while (sent < REQUESTS / 2) await new Promise((resolve) => setTimeout(resolve, 5))
      process.stderr.write('[faults] starting SMTP\n')
      const smtp = await startSmtpListener(smtpPort)
      process.stderr.write('[faults] SMTP up\n')
      closers.push(smtp.close)
      return smtp
    })()

    await Promise.all(Array.from({length: CLIENTS}, (_, i) => clientLoop(i)))
    const seconds = (performance.now() - started) / 1000
    await faults
    process.stderr.write('[faults] load done\n')
    console.log(
      `[faults] ${REQUESTS} requests, ${CLIENTS} clients: ${(REQUESTS / seconds).toFixed(0)} req/s, p95 ${percentile(latencies, 0.95).toFixed(1)} ms, ${acknowledged.size} acknowledged`,
    )
    expect(unexpected).toEqual([])

    // Every acknowledged request is stored exactly once, under its reference.
    const stored = await bookings.fetch<{booking_ref: string; _id: string}[]>(
      '*[_type == "booking"]{booking_ref, _id}',
    )
    const refs = stored.map((b) => b.booking_ref)
    expect(new Set(refs).size).toBe(refs.length)
    for (const ref of acknowledged.values()) expect(refs).toContain(ref)
    expect(acknowledged.size).toBe(REQUESTS)
    expect(stored.length).toBe(REQUESTS)

    // Not yet asserted at this scale: every stored booking's two mails arriving exactly once after the outage
    // (lib/mailer.test.ts proves it at small scale). The outbox needs a claim step first, so that two passes
    // never send the same file.
  }, 240_000)
})
