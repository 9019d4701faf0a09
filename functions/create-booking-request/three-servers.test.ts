import type {ChildProcess} from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {EXPIRED_QUESTION_MESSAGE} from '@repo/schemas/security-question.ts'
import {ensureWebBuild} from '../../scripts/lib/web-build.ts'

import type {OutboxMailDocument} from '../lib/mailer.ts'
import {freePort} from '../lib/testing/free-port.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {solveQuestion} from '../lib/testing/solve-question.ts'
import {
  spawnedProcesses,
  startSiteServer,
  startSpawnedLake,
} from '../lib/testing/spawned-servers.ts'

/**
 * Proof that three site servers (`server/main.ts`, each its own process and data folder) in front of one
 * lake behave as one. Clients spread 1,000 booking requests over them as behind a load balancer, retrying a request
 * that got no answer or a 5xx on another server with the same Idempotency-Key. One server is killed (SIGKILL) from
 * a third of the way in, in the middle of an outbox pass (its mail server takes connections and never answers), and
 * SMTP is down until half the requests are sent (and that server is dead). Every acknowledged booking is then stored
 * once, every stored booking's two mails arrive once, and a security question used through one server is refused by
 * the others.
 */
const REQUESTS = 1_000
const CLIENTS = 20
/**
 * A killed server's claims on mail are taken over once they time out: 10 minutes in production, longer than any
 * send. Sends to the local listener take milliseconds, so 15 s is still far longer than any pass here.
 */
const CLAIM_TIMEOUT_MS = 15_000
/** After SMTP is back: the outbox's back-off after the outage (at most about as long as the outage), then sends. */
const MAIL_DRAIN_TIMEOUT_MS = 120_000
/** Longer than the outbox's pass interval (5 s): a mail sent twice would have arrived by then. */
const SETTLE_MS = 6_000
const TEAM_EMAIL = 'team@example.com'
const EXPERIENCE_SLUG = 'three-servers-walk'

const root = path.resolve(import.meta.dirname, '../..')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// Progress and timings for someone watching this test (TEST_PROGRESS=1); a suite run shows only its report.
const log = (line: string) =>
  void (process.env.TEST_PROGRESS && process.stderr.write(`[three servers] ${line}\n`))

type SiteServer = {url: string; child: ChildProcess; inRotation: boolean}

const processes = spawnedProcesses()
const servers: SiteServer[] = []
let smtp: Awaited<ReturnType<typeof startSmtpListener>> | undefined
/** Where the server that is killed sends mail: it takes connections and never greets, so every send hangs. */
let silentSmtp: net.Server
let smtpPort: number
let bookings: SanityClient
/** Idempotency-Key to the booking reference it was acknowledged with, by any server, in either test. */
const acknowledged = new Map<string, string>()

beforeAll(async () => {
  // The site servers serve the production build; `npm start` makes it the same way, and skips it when current.
  await ensureWebBuild(root, {quiet: true})

  const lake = await startSpawnedLake(processes, 'three-servers')
  bookings = lake.client('bookings', lake.secrets.writeToken)
  await lake
    .client('production', lake.secrets.rootToken)
    .transaction()
    .createOrReplace({
      _id: 'exp-three-servers',
      _type: 'experience',
      title: 'Three Servers Walk',
      slug: {_type: 'slug', current: EXPERIENCE_SLUG},
      category: 'Culture',
      duration: '2 hours',
    })
    .createOrReplace({
      _id: 'settings-three-servers',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-three-servers'},
      minPax: 1,
      maxPax: 8,
      timeSlots: ['Morning'],
      leadTimeDays: 2,
      capacity: 12,
    })
    .commit()

  // Nothing listens here until the load test starts the listener: SMTP is down at first.
  smtpPort = await freePort()
  const silentSockets = new Set<net.Socket>()
  silentSmtp = net.createServer((socket) => {
    silentSockets.add(socket)
    socket.on('error', () => {}).on('close', () => silentSockets.delete(socket))
  })
  silentSmtp.on('close', () => silentSockets.forEach((socket) => socket.destroy()))
  await new Promise<void>((resolve) => silentSmtp.listen(0, '127.0.0.1', resolve))
  const silentPort = (silentSmtp.address() as net.AddressInfo).port
  await Promise.all(
    [0, 1, 2].map(async (i) => {
      const {url, child} = await startSiteServer(processes, lake, {
        dataDir: processes.tempDir('three-servers-site-'),
        env: {
          CHALLENGE_SECRET: 'three-servers-share-this-secret',
          SMTP_URL: `smtp://127.0.0.1:${i === 0 ? silentPort : smtpPort}`,
          TEAM_EMAIL,
          // Every request comes from 127.0.0.1; a server's limit must hold the whole load.
          REQUEST_RATE_LIMIT: '100000',
          // A thousand acknowledgements in minutes, to a thousand addresses: over the site's hourly limit for mail
          // to unconfirmed addresses, which all three servers count together.
          UNCONFIRMED_MAIL_SITE_LIMIT: '100000',
          OUTBOX_CLAIM_TIMEOUT_MS: String(CLAIM_TIMEOUT_MS),
        },
      })
      servers[i] = {url, child, inRotation: true}
    }),
  )
}, 240_000)

afterAll(async () => {
  await processes.stopAll()
  await smtp?.close()
  await new Promise((resolve) => silentSmtp?.close(resolve))
})

const bookingForm = (n: number, challenge: {question: string; token: string}) => ({
  experienceId: EXPERIENCE_SLUG,
  // Spread over a year, as real requests are; all past the lead time and within the two-year window.
  date: addDays(todayInCapeTown(), 7 + (n % 365)),
  preferredTime: 'Morning',
  adults: 1 + (n % 3),
  children: n % 2,
  name: `Traveller ${n}`,
  email: `traveller${n}@example.com`,
  consentBooking: true,
  consentPrivacy: true,
  challengeToken: challenge.token,
  securityAnswer: solveQuestion(challenge.question),
})

const getChallenge = async (server: SiteServer) =>
  (await (await fetch(`${server.url}/api/challenge`)).json()) as {question: string; token: string}

const postBooking = (server: SiteServer, body: unknown, key: string) =>
  fetch(`${server.url}/api/booking-requests`, {
    method: 'POST',
    headers: {'content-type': 'application/json', 'Idempotency-Key': key},
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  })

describe('three site servers against one lake', () => {
  it('refuses a security question used through one server when it is replayed through either other', async () => {
    for (const [i, first] of servers.entries()) {
      const body = bookingForm(i, await getChallenge(first))
      const used = await postBooking(first, body, `question-first-${i}`)
      expect(used.status).toBe(201)
      acknowledged.set(
        `question-first-${i}`,
        ((await used.json()) as {booking_ref: string}).booking_ref,
      )
      for (const [j, other] of servers.entries()) {
        if (j === i) continue
        const replay = await postBooking(other, body, `question-replay-${i}-${j}`)
        expect(replay.status).toBe(400)
        expect(((await replay.json()) as {detail: string}).detail).toBe(EXPIRED_QUESTION_MESSAGE)
      }
    }
  })

  it('stores every acknowledged booking once and sends each of its mails once, through a killed server and an SMTP outage', async () => {
    const started = performance.now()
    const unexpected: string[] = []
    /** Attempts that got no answer (the killed server's) or a 5xx, each retried on another server. */
    const failedAttempts = {noAnswer: 0, serverError: 0}

    /**
     * What a client behind a load balancer sees: the first attempt goes to a server in rotation (round robin from
     * `n`), and an attempt without a whole answer or with a 5xx is sent again to the next one. Only safe to repeat
     * because booking posts carry an Idempotency-Key.
     */
    async function throughBalancer(n: number, send: (server: SiteServer) => Promise<Response>) {
      for (let attempt = 0; attempt < 20; attempt++) {
        const live = servers.filter((server) => server.inRotation)
        const server = live[(n + attempt) % live.length]!
        try {
          const response = await send(server)
          const body = await response.text()
          if (response.status < 500) return {status: response.status, body}
          failedAttempts.serverError++
        } catch {
          failedAttempts.noAnswer++
        }
        await sleep(50)
      }
      throw new Error(`Request ${n} got no answer from any server in 20 attempts`)
    }

    let next = 0
    async function client() {
      while (next < REQUESTS) {
        const n = next++
        const key = `three-servers-${n}`
        try {
          // The question comes from one server and its answer goes to the next, as a balancer may send them.
          const challenge = await throughBalancer(n, (server) =>
            fetch(`${server.url}/api/challenge`, {signal: AbortSignal.timeout(30_000)}),
          )
          const body = bookingForm(
            n,
            JSON.parse(challenge.body) as {question: string; token: string},
          )
          const response = await throughBalancer(n + 1, (server) => postBooking(server, body, key))
          if (response.status === 201)
            acknowledged.set(key, (JSON.parse(response.body) as {booking_ref: string}).booking_ref)
          else unexpected.push(`${key}: ${response.status} ${response.body}`)
        } catch (error) {
          unexpected.push(`${key}: ${String(error)}`)
        }
      }
    }

    const killed = servers[0]!
    const claimedByKilled = /* groq */ `*[_type == "outboxMail" && status == "sending" && string::startsWith(claimed_by, $prefix)]`
    const killedPrefix = {prefix: `${killed.child.pid}-`}
    /** Mail the server has claimed and not yet recorded: what it is sending (or failing to send) just now. */
    const claimsOfKilled = () => bookings.fetch<number>(`count(${claimedByKilled})`, killedPrefix)
    let claimsLeftByKill = 0
    const faults = (async () => {
      while (next < REQUESTS / 3) await sleep(5)
      // Killed in the middle of an outbox pass, so its claims are left behind. Its mail server never greets, so a
      // pass holds its claims until nodemailer's greeting timeout (30 s): the kill finds them held, and no message
      // of the killed server's can have reached a mail server (docs/decisions/010-the-mail-outbox-in-the-lake.md).
      while ((await claimsOfKilled()) === 0) await sleep(20)
      // Out of rotation, as a balancer's health check would take it, and killed while requests are in flight.
      killed.inRotation = false
      killed.child.kill('SIGKILL')
      await processes.exited(killed.child)
      claimsLeftByKill = await claimsOfKilled()
      log(
        `killed a site server (SIGKILL) after ${next} requests, holding ${claimsLeftByKill} claims`,
      )
      while (next < REQUESTS / 2) await sleep(5)
      smtp = await startSmtpListener(smtpPort)
      log(`SMTP up after ${next} requests`)
    })()

    await Promise.all(Array.from({length: CLIENTS}, client))
    await faults
    const smtpUp = smtp!
    log(
      `${REQUESTS} requests in ${((performance.now() - started) / 1000).toFixed(1)} s; retried: ` +
        `${failedAttempts.noAnswer} without an answer, ${failedAttempts.serverError} after a 5xx`,
    )
    expect(unexpected).toEqual([])
    // The kill caught requests in flight, and those went to the other servers.
    expect(failedAttempts.noAnswer, 'requests cut off by the kill').toBeGreaterThan(0)
    // And mail in flight, which another server took over once the claims had timed out.
    expect(claimsLeftByKill, 'claims the killed server left').toBeGreaterThan(0)

    const stored = await bookings.fetch<{_id: string; booking_ref: string; email: string}[]>(
      '*[_type == "booking"]{_id, booking_ref, email}',
    )
    expect(stored.map((booking) => booking.booking_ref).sort()).toEqual(
      [...acknowledged.values()].sort(),
    )

    const expectedRecipients = new Map(
      stored.flatMap((booking) => [
        [`${booking._id}-traveller`, booking.email],
        [`${booking._id}-team`, TEAM_EMAIL],
      ]),
    )
    const messageId = (raw: string) => /^Message-ID:\s*<([^@>]+)@/im.exec(raw)?.[1] ?? raw
    const unsentMails = () =>
      bookings.fetch<number>('count(*[_type == "outboxMail" && status != "sent"])')
    const allArrived = () => {
      const received = new Set(smtpUp.received.map((mail) => messageId(mail.raw)))
      return [...expectedRecipients.keys()].every((id) => received.has(id))
    }
    const drainStarted = performance.now()
    while (performance.now() - drainStarted < MAIL_DRAIN_TIMEOUT_MS) {
      if (allArrived() && (await unsentMails()) === 0) {
        const seconds = (performance.now() - drainStarted) / 1000
        log(`every mail sent and recorded ${seconds.toFixed(1)} s after the last request`)
        break
      }
      await sleep(500)
    }
    await sleep(SETTLE_MS)

    const timesReceived = new Map<string, number>()
    const wrongRecipients: string[] = []
    for (const mail of smtpUp.received) {
      const id = messageId(mail.raw)
      timesReceived.set(id, (timesReceived.get(id) ?? 0) + 1)
      if (mail.to.join() !== expectedRecipients.get(id))
        wrongRecipients.push(`${id} to ${mail.to.join()}`)
    }
    const notOnce = [...expectedRecipients.keys()]
      .filter((id) => timesReceived.get(id) !== 1)
      .map((id) => `${id}: received ${timesReceived.get(id) ?? 0} times`)
    const unknown = [...timesReceived.keys()].filter((id) => !expectedRecipients.has(id))
    expect(notOnce).toEqual([])
    expect(unknown).toEqual([])
    expect(wrongRecipients).toEqual([])

    const records = await bookings.fetch<Pick<OutboxMailDocument, 'mail_id' | 'status'>[]>(
      '*[_type == "outboxMail"]{mail_id, status}',
    )
    expect(records.map((record) => record.mail_id).sort()).toEqual(
      [...expectedRecipients.keys()].sort(),
    )
    expect(records.filter((record) => record.status !== 'sent')).toEqual([])
  }, 300_000)
})
