import {spawn, type ChildProcess} from 'node:child_process'
import {randomUUID} from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {EXPIRED_QUESTION_MESSAGE} from '@repo/schemas/security-question.ts'
import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {waitForUrl} from '../../scripts/lib/wait-for-url.ts'

import {
  createMailBudget,
  MAIL_COUNT_TYPE,
  UNCONFIRMED_MAIL_LIMITS,
  WITHHELD_FOR_RECIPIENT,
  WITHHELD_OVERALL,
  type MailCountDocument,
} from './mail-budget.ts'
import {outboxMailId, type OutboxMailDocument} from './mailer.ts'
import {freePort} from './testing/free-port.ts'
import {startSmtpListener} from './testing/smtp-listener.ts'
import {solveQuestion} from './testing/solve-question.ts'

/**
 * The limits on mail to unconfirmed addresses hold across site servers: two servers' functions, each its own
 * process and data folder (`functions/testing/serve-api.ts`), in front of one lake, with mail on a real SMTP listener. A
 * mailbox's fourth mail in an hour is refused whichever server sends it, and bookings arriving at once on both
 * never get more through than the limit. Then the counters' windows, with an injected clock.
 */
const EXPERIENCE_SLUG = 'budget-walk'
const LINK_SECRET = 'both-servers-share-this-request-link-secret'
const TEAM_EMAIL = 'team@example.com'
const HOUR_MS = 3_600_000

const root = path.resolve(import.meta.dirname, '../..')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let lake: TestLake
let bookings: SanityClient
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
const servers: string[] = []
const children: ChildProcess[] = []
const dataDirs: string[] = []

beforeAll(async () => {
  lake = await startTestLake()
  bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'exp-budget',
      _type: 'experience',
      title: 'Budget Walk',
      slug: {_type: 'slug', current: EXPERIENCE_SLUG},
      category: 'Culture',
      duration: '2 hours',
    })
    .createOrReplace({
      _id: 'settings-budget',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-budget'},
      minPax: 1,
      maxPax: 8,
      timeSlots: ['Morning'],
      leadTimeDays: 2,
      capacity: 12,
    })
    .commit()
  smtp = await startSmtpListener()
  await Promise.all(
    [0, 1].map(async () => {
      const port = await freePort()
      const url = `http://127.0.0.1:${port}`
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-budget-site-'))
      dataDirs.push(dataDir)
      const child = spawn(process.execPath, ['functions/testing/serve-api.ts'], {
        cwd: root,
        env: {
          ...process.env,
          PORT: String(port),
          DATA_DIR: dataDir,
          SITE_URL: url,
          SANITY_API_HOST: lake.url,
          SANITY_WRITE_TOKEN: lake.secrets.writeToken,
          CHALLENGE_SECRET: 'both-servers-share-this-secret',
          REQUEST_LINK_SECRET: LINK_SECRET,
          MAIL_SENDER: 'server',
          SMTP_URL: smtp.url,
          TEAM_EMAIL,
          REQUEST_RATE_LIMIT: '10000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      children.push(child)
      await waitForUrl(`${url}/api/challenge`, 20_000)
      servers.push(url)
    }),
  )
}, 30_000)

afterAll(async () => {
  await Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve(undefined)
          child.once('exit', resolve)
          child.kill('SIGKILL')
        }),
    ),
  )
  await smtp?.close()
  await lake?.stop()
  for (const dir of dataDirs) fs.rmSync(dir, {recursive: true, force: true})
})

/**
 * The servers count in the hour by the real clock: a test that began in the last seconds of an hour would see its
 * first mails counted in one window and the rest in the next. It starts once the hour has turned instead.
 */
async function clearOfTheHour() {
  const left = HOUR_MS - (Date.now() % HOUR_MS)
  if (left < 15_000) await sleep(left + 100)
}

let booked = 0
/** A traveller's booking form, with the security question asked of `server` and answered. */
async function bookingForm(server: string, email: string) {
  const n = booked++
  const {question, token} = (await (await fetch(`${server}/api/challenge`)).json()) as {
    question: string
    token: string
  }
  return {
    experienceId: EXPERIENCE_SLUG,
    date: addDays(todayInCapeTown(), 7 + n),
    preferredTime: 'Morning',
    adults: 2,
    children: 0,
    name: `Traveller ${n}`,
    email,
    consentBooking: true,
    consentPrivacy: true,
    challengeToken: token,
    securityAnswer: solveQuestion(question),
  }
}

const post = (server: string, body: unknown, key: string) =>
  fetch(`${server}/api/booking-requests`, {
    method: 'POST',
    headers: {'content-type': 'application/json', 'Idempotency-Key': key},
    body: JSON.stringify(body),
  })

/** A traveller's booking through `server`, as the form sends it: the question asked of that same server. */
async function book(server: string, email: string): Promise<{id: string; reference: string}> {
  const response = await post(
    server,
    await bookingForm(server, email),
    `mail-budget-${randomUUID()}`,
  )
  expect(response.status).toBe(201)
  const reference = ((await response.json()) as {booking_ref: string}).booking_ref
  const id = await bookings.fetch<string>(
    '*[_type == "booking" && booking_ref == $reference][0]._id',
    {reference},
  )
  return {id, reference}
}

const traveller = (id: string) =>
  bookings.getDocument<OutboxMailDocument>(outboxMailId(`${id}-traveller`))

/** Each booking's acknowledgement once it has been sent or withheld: [status, reason]. */
async function acknowledgements(ids: string[]) {
  await expect
    .poll(
      async () =>
        (await Promise.all(ids.map(traveller))).every(
          (mail) => mail?.status === 'sent' || mail?.status === 'failed',
        ),
      {timeout: 10_000},
    )
    .toBe(true)
  return Promise.all(
    ids.map(async (id) => {
      const mail = (await traveller(id))!
      return [mail.status, mail.last_error ?? '']
    }),
  )
}

const receivedBy = (mailbox: RegExp) =>
  smtp.received.filter((mail) => mail.to.some((to) => mailbox.test(to)))

describe('mail to an unconfirmed address, through two site servers', () => {
  it('refuses a mailbox’s fourth mail in the hour whichever server sends it, and the new-link mail too', async () => {
    await clearOfTheHour()
    const [a, b] = servers as [string, string]
    const sent = [
      await book(a, 'victim@example.com'),
      await book(b, 'Victim+trip@Example.com'),
      await book(a, 'victim+again@example.com'),
      await book(b, 'VICTIM@example.com'),
      await book(a, 'victim@example.com'),
    ]
    expect(await acknowledgements(sent.map((booking) => booking.id))).toEqual([
      ['sent', ''],
      ['sent', ''],
      ['sent', ''],
      ['failed', WITHHELD_FOR_RECIPIENT],
      ['failed', WITHHELD_FOR_RECIPIENT],
    ])
    // The booking is kept and the team told, every time.
    for (const {id} of sent)
      await expect
        .poll(
          async () =>
            (await bookings.getDocument<OutboxMailDocument>(outboxMailId(`${id}-team`)))?.status,
        )
        .toBe('sent')
    await expect.poll(() => receivedBy(/^victim/i).length).toBe(3)

    // A new link to the first request, asked of the other server: the same answer, and no mail.
    const link = await fetch(`${b}/api/requests/link`, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'origin': b},
      body: JSON.stringify({reference: sent[0]!.reference, email: 'victim@example.com'}),
    })
    expect(link.status).toBe(202)
    expect(
      await bookings.fetch<number>(
        'count(*[_type == "outboxMail" && about == $id && mail_id match "*-link-*"])',
        {
          id: sent[0]!.id,
        },
      ),
    ).toBe(0)
    await sleep(300)
    expect(receivedBy(/^victim/i)).toHaveLength(3)
  })

  it('lets no more than the limit through when a mailbox’s bookings arrive at once on both servers', async () => {
    await clearOfTheHour()
    const addresses = [
      'crowd@example.com',
      'Crowd+1@example.com',
      'crowd+2@example.com',
      'CROWD@example.com',
    ]
    const sent = await Promise.all(
      Array.from({length: 8}, (_, n) => book(servers[n % 2]!, addresses[n % addresses.length]!)),
    )
    const outcomes = await acknowledgements(sent.map((booking) => booking.id))
    expect(outcomes.filter(([status]) => status === 'sent')).toHaveLength(
      UNCONFIRMED_MAIL_LIMITS.perRecipient,
    )
    expect(outcomes.filter(([, reason]) => reason === WITHHELD_FOR_RECIPIENT)).toHaveLength(
      8 - UNCONFIRMED_MAIL_LIMITS.perRecipient,
    )
    await expect.poll(() => receivedBy(/^crowd/i).length).toBe(UNCONFIRMED_MAIL_LIMITS.perRecipient)

    // The counters agree: three for the crowd's mailbox, six mails in all this hour, and no address in clear.
    const counters = await bookings.fetch<MailCountDocument[]>(`*[_type == "${MAIL_COUNT_TYPE}"]`)
    expect(
      counters
        .filter((c) => c.scope === 'mailbox')
        .map((c) => c.count)
        .sort(),
    ).toEqual([3, 3])
    const siteCount = counters
      .filter((c) => c.scope === 'site')
      .reduce((sum, c) => sum + c.count, 0)
    expect(siteCount).toBe(6)
    expect(JSON.stringify(counters)).not.toMatch(/victim|crowd|example/i)
  })
  it('gives back what a request refused for its used security question counted', async () => {
    await clearOfTheHour()
    const [a, b] = servers as [string, string]
    const form = await bookingForm(a, 'replayed@example.com')
    const first = await post(a, form, 'replayed-original')
    expect(first.status).toBe(201)
    // Someone replays the used question with the victim's address, through both servers: refused, nothing stored.
    for (const attempt of [0, 1, 2, 3]) {
      const replay = await post(attempt % 2 ? a : b, form, `replayed-${attempt}`)
      expect(replay.status).toBe(400)
      expect(((await replay.json()) as {detail: string}).detail).toBe(EXPIRED_QUESTION_MESSAGE)
    }
    // So the traveller's own bookings still get their acknowledgements: three in the hour.
    const reference = ((await first.json()) as {booking_ref: string}).booking_ref
    const firstId = await bookings.fetch<string>(
      '*[_type == "booking" && booking_ref == $reference][0]._id',
      {reference},
    )
    const later = [await book(b, 'replayed@example.com'), await book(a, 'replayed@example.com')]
    expect(await acknowledgements([firstId, ...later.map((booking) => booking.id)])).toEqual([
      ['sent', ''],
      ['sent', ''],
      ['sent', ''],
    ])
  })
})

describe('the counters’ windows, on an injected clock', () => {
  it('counts one hour at a time for every server, counts a repeated mail once, and removes a day-old hour', async () => {
    // Far from the real clock's hour, so the servers' counts above are not in these windows.
    let clock = Date.UTC(2031, 0, 1, 10, 0, 0)
    const now = () => clock
    const serverA = createMailBudget({bookings, secret: LINK_SECRET, now})
    const serverB = createMailBudget({bookings, secret: LINK_SECRET, now})
    expect(await serverA.take('hourly@example.com', 'mail-1')).toBeNull()
    expect(await serverB.take('hourly@example.com', 'mail-1')).toBeNull()
    expect(await serverB.take('hourly@example.com', 'mail-2')).toBeNull()
    expect(await serverA.take('Hourly@example.com', 'mail-3')).toBeNull()
    expect(await serverB.take('hourly@example.com', 'mail-4')).toBe(WITHHELD_FOR_RECIPIENT)
    // Counted already, so let through again (a repeated event) without counting it a second time.
    expect(await serverB.take('hourly@example.com', 'mail-2')).toBeNull()
    clock = Date.UTC(2031, 0, 1, 10, 59, 59)
    expect(await serverA.take('hourly@example.com', 'mail-5')).toBe(WITHHELD_FOR_RECIPIENT)
    clock = Date.UTC(2031, 0, 1, 11, 0, 0)
    expect(await serverA.take('hourly@example.com', 'mail-5')).toBeNull()

    const windows = () =>
      bookings.fetch<string[]>(
        `*[_type == "${MAIL_COUNT_TYPE}" && window_start >= "2031-01-01"] | order(window_start asc).window_start`,
      )
    expect(new Set(await windows())).toEqual(
      new Set(['2031-01-01T10:00:00.000Z', '2031-01-01T11:00:00.000Z']),
    )
    // A day after the first hour closed, it goes (with the real clock's counters above, older still); the next stays.
    const counters = () => bookings.fetch<number>(`count(*[_type == "${MAIL_COUNT_TYPE}"])`)
    const before = await counters()
    clock = Date.UTC(2031, 0, 2, 11, 0, 1)
    const removed = await serverB.removeExpired()
    expect(removed).toBeGreaterThanOrEqual(2)
    await expect.poll(counters).toBe(before - removed)
    expect(new Set(await windows())).toEqual(new Set(['2031-01-01T11:00:00.000Z']))
  })

  it('lets no more than the limit through when both servers count one mailbox at once', async () => {
    const clock = Date.UTC(2031, 2, 1, 9, 30)
    const budget = () => createMailBudget({bookings, secret: LINK_SECRET, now: () => clock})
    const [serverA, serverB] = [budget(), budget()]
    const outcomes = await Promise.all(
      Array.from({length: 12}, (_, n) =>
        (n % 2 ? serverA : serverB).take('rush@example.com', `rush-${n}`),
      ),
    )
    expect(outcomes.filter((reason) => reason === null)).toHaveLength(
      UNCONFIRMED_MAIL_LIMITS.perRecipient,
    )
    expect(outcomes.filter((reason) => reason === WITHHELD_FOR_RECIPIENT)).toHaveLength(
      12 - UNCONFIRMED_MAIL_LIMITS.perRecipient,
    )
  })

  it('holds the site’s limit over both servers, also when its mails are counted at once', async () => {
    const clock = Date.UTC(2031, 5, 1, 9, 30)
    const budget = () =>
      createMailBudget({bookings, secret: LINK_SECRET, overall: 2, now: () => clock})
    const [serverA, serverB] = [budget(), budget()]
    expect(await serverA.take('one@example.com')).toBeNull()
    expect(await serverB.take('two@example.com')).toBeNull()
    expect(await serverA.take('three@example.com')).toBe(WITHHELD_OVERALL)
    expect(await serverB.take('four@example.com')).toBe(WITHHELD_OVERALL)

    // The default limit, and 130 mails to as many addresses at once through both servers.
    const later = Date.UTC(2031, 5, 1, 11, 30)
    const full = () => createMailBudget({bookings, secret: LINK_SECRET, now: () => later})
    const [serverC, serverD] = [full(), full()]
    const outcomes = await Promise.all(
      Array.from({length: 130}, (_, n) => (n % 2 ? serverC : serverD).take(`many${n}@example.com`)),
    )
    expect(outcomes.filter((reason) => reason === null)).toHaveLength(
      UNCONFIRMED_MAIL_LIMITS.overall,
    )
    expect(outcomes.filter((reason) => reason === WITHHELD_OVERALL)).toHaveLength(
      130 - UNCONFIRMED_MAIL_LIMITS.overall,
    )
  })
})
