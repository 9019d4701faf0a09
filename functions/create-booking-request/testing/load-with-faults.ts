import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {createClient} from '@sanity/client'

import {createChallengeService} from '../../lib/challenge.ts'
import {mailContentLoader} from '../../lib/mail-content.ts'
import {createOutbox, smtpTransport} from '../../lib/mailer.ts'
import {createRateLimiter} from '../../lib/rate-limit.ts'
import {freePort} from '../../lib/testing/free-port.ts'
import {startSmtpListener, type ReceivedMail} from '../../lib/testing/smtp-listener.ts'
import {solvedQuestion} from '../../lib/testing/solve-question.ts'
import {
  bookingNotifier,
  sweepBookingNotifications,
} from '../../send-booking-notifications/handler.ts'
import {createBookingRequest, type CreateBookingRequestDeps} from '../handler.ts'

/**
 * Shared by the test (which asserts) and `npm run bench -- bookings` (which reports):
 * `clients` concurrent clients send `requests` booking requests through the real handler to a real lake process,
 * which is killed with SIGKILL a quarter of the way in and restarted; SMTP is down until half the requests are
 * sent. Clients retry a 5xx with the same Idempotency-Key and solved question, as the booking form does.
 */
export type LoadWithFaultsResult = {
  requests: number
  clients: number
  seconds: number
  latenciesMs: number[]
  /** Idempotency-Key to the booking reference it was acknowledged with. */
  acknowledged: Map<string, string>
  /** Answers that should not happen: a 4xx, or a 5xx while the lake was up. */
  unexpected: string[]
  stored: {_id: string; booking_ref: string; email: string}[]
  received: ReceivedMail[]
  /** From SMTP coming back until every stored booking's mails had arrived. */
  mailDrainSeconds: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const root = path.resolve(import.meta.dirname, '../../..')

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
  // Until it answers or stops: a busy machine starts it more slowly, never differently. Two minutes is a hang guard.
  let exited = false
  child.once('exit', () => (exited = true))
  const giveUp = performance.now() + 120_000
  while (!exited && performance.now() < giveUp) {
    const up = await fetch(`http://127.0.0.1:${port}/v1/ping`).then(
      (r) => r.ok,
      () => false,
    )
    if (up) return child
    await sleep(50)
  }
  child.kill('SIGKILL')
  throw new Error(exited ? 'the lake stopped while starting' : 'lake did not start')
}

export async function runLoadWithFaults({
  requests = 2000,
  clients = 50,
  log = (line: string): void => void process.stderr.write(`[faults] ${line}\n`),
  progress = (): void => {},
}: {
  requests?: number
  clients?: number
  log?: (line: string) => void
  /** Called whenever the run moves on (an answer, the lake back, a mail received): a watchdog's heartbeat. */
  progress?: () => void
} = {}): Promise<LoadWithFaultsResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-lake-'))
  const lakePort = await freePort()
  let lake = await startLakeProcess(dataDir, lakePort)
  let smtp: Awaited<ReturnType<typeof startSmtpListener>> | undefined
  try {
    const secrets = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {
      rootToken: string
      writeToken: string
    }
    // Content is read as the functions read it (lib/sanity-client.ts): published, with the server's token.
    const client = (dataset: string, perspective: 'raw' | 'published' = 'published') =>
      createClient({
        projectId: 'local',
        dataset,
        apiHost: `http://127.0.0.1:${lakePort}`,
        useProjectHostname: false,
        apiVersion: '2025-02-19',
        useCdn: false,
        perspective,
        token: secrets.writeToken,
        // Fail fast while the lake is down instead of the client's own retries.
        maxRetries: 0,
        timeout: 5000,
      })
    await client('production', 'raw').createOrReplace({
      _id: 'load-exp',
      _type: 'experience',
      title: 'Load Walk',
      slug: {_type: 'slug', current: 'load-walk'},
      category: 'culture',
    })

    const smtpPort = await freePort()
    // The outbox's clock can be moved on, so the drain below need not sit out the back-off of the outage.
    let clockSkew = 0
    const bookings = client('bookings', 'raw')
    const outbox = createOutbox({
      bookings,
      transport: smtpTransport(`smtp://127.0.0.1:${smtpPort}`),
      from: 'Bookings <bookings@example.com>',
      now: () => Date.now() + clockSkew,
      onError: () => {},
    })
    outbox.start(250)
    const notifications = {
      outbox,
      teamEmail: 'team@example.com',
      mailContent: mailContentLoader(client('production')),
      siteUrl: 'http://127.0.0.1:3000',
      requestLinkSecret: 'load-request-link-secret-load-request-link',
    }
    const challenges = createChallengeService({secret: 'load-secret-load-secret', bookings})
    const deps: CreateBookingRequestDeps = {
      content: client('production'),
      bookings,
      challenges,
      rateLimiter: createRateLimiter({limit: 1_000_000, windowMs: 60_000}),
      notify: bookingNotifier(notifications),
      today: () => '2030-01-01',
      onError: () => {},
    }

    let lakeDown = false
    const acknowledged = new Map<string, string>()
    const latenciesMs: number[] = []
    const unexpected: string[] = []
    let sent = 0
    const startedAt = new Date().toISOString()
    const started = performance.now()

    async function clientLoop(clientId: number) {
      while (sent < requests) {
        const n = sent++
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
          ...solvedQuestion(challenges),
        })
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
          latenciesMs.push(performance.now() - t0)
          progress()
          if (response.status === 201) {
            acknowledged.set(key, ((await response.json()) as {booking_ref: string}).booking_ref)
            break
          }
          if (response.status < 500) {
            unexpected.push(`${response.status}: ${await response.text()}`)
            break
          }
          if (!(downBefore || lakeDown)) unexpected.push(`${response.status} while the lake was up`)
          await sleep(100)
        }
      }
    }

    let smtpUpAt = 0
    const faults = (async () => {
      while (sent < requests / 4) await sleep(5)
      lakeDown = true
      log('killing the lake (SIGKILL)')
      lake.kill('SIGKILL')
      await new Promise((resolve) => lake.once('exit', resolve))
      await sleep(300)
      lake = await startLakeProcess(dataDir, lakePort)
      lakeDown = false
      progress()
      log('lake back')
      while (sent < requests / 2) await sleep(5)
      smtp = await startSmtpListener(smtpPort)
      smtpUpAt = performance.now()
      log('SMTP up')
    })()

    await Promise.all(Array.from({length: clients}, (_, i) => clientLoop(i)))
    const seconds = (performance.now() - started) / 1000
    await faults
    log(`${requests} requests sent in ${seconds.toFixed(1)} s`)

    const stored = await bookings.fetch<LoadWithFaultsResult['stored']>(
      '*[_type == "booking"]{_id, booking_ref, email}',
    )
    // As in the server: the minute sweep re-queues recent bookings while the outbox delivers. Ten minutes pass on
    // the outbox's clock, so messages that failed during the outage are due again.
    clockSkew = 10 * 60_000
    await sweepBookingNotifications({since: startedAt}, {...notifications, bookings})
    for (let i = 0; i < 600 && smtp!.received.length < stored.length * 2; i++) {
      progress()
      await Promise.all([
        outbox.flush(),
        sweepBookingNotifications({since: startedAt}, {...notifications, bookings}),
      ])
      await sleep(100)
    }
    const mailDrainSeconds = (performance.now() - smtpUpAt) / 1000
    // One more pass: a duplicate would show now.
    await outbox.flush()
    await sleep(200)
    await outbox.stop()
    return {
      requests,
      clients,
      seconds,
      latenciesMs,
      acknowledged,
      unexpected,
      stored,
      received: [...smtp!.received],
      mailDrainSeconds,
    }
  } finally {
    lake.kill('SIGKILL')
    await smtp?.close()
    fs.rmSync(dataDir, {recursive: true, force: true})
  }
}
