import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'

import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {startTestLake, type TestLake} from '../lake/src/testing/start-test-lake.ts'

import {createApiRoutes} from './api-routes.ts'
import {readFunctionsEnv} from './lib/env.ts'
import {solveQuestion} from './lib/testing/solve-question.ts'
import {createPublicRuntime, startScheduledWork, type PublicRuntime} from './runtime.ts'

/**
 * The functions as the site server mounts them (api-routes.ts), configured only through the environment: the one
 * variable that names the private dataset moves the booking form's writes and the dashboard's reads together.
 */
const SITE = 'http://site.test'
const PASSWORD = 'correct horse battery'
const ELSEWHERE = 'bookings-elsewhere'
const BACKGROUND_LABELS = [
  '[outbox]',
  '[outbox sweep]',
  '[used questions clean-up]',
  '[daily digest]',
]

let lake: TestLake
let dataDir: string
let runtime: PublicRuntime
let api: Hono

beforeAll(async () => {
  lake = await startTestLake({
    datasets: {production: 'public', bookings: 'private', [ELSEWHERE]: 'private'},
  })
  await lake
    .client({token: lake.secrets.rootToken})
    .transaction()
    .createOrReplace({
      _id: 'exp-hike',
      _type: 'experience',
      title: "Lion's Head Sunset Hike",
      slug: {_type: 'slug', current: 'lions-head-sunset-hike'},
    })
    .createOrReplace({
      _id: 'settings-hike',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-hike'},
      minPax: 1,
      maxPax: 8,
      timeSlots: ['Sunset'],
      leadTimeDays: 2,
    })
    .commit()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'functions-env-'))
  vi.stubEnv('DATA_DIR', dataDir)
  vi.stubEnv('SANITY_API_HOST', lake.url)
  vi.stubEnv('SANITY_WRITE_TOKEN', lake.secrets.writeToken)
  vi.stubEnv('SANITY_BOOKINGS_DATASET', ELSEWHERE)
  vi.stubEnv('ADMIN_PASSWORD', PASSWORD)
  vi.stubEnv('SITE_URL', SITE)
  // The runtime as the site server builds it at start: from the environment, after the stubs.
  runtime = createPublicRuntime(readFunctionsEnv(process.env))
  startScheduledWork(runtime)
  api = createApiRoutes(runtime)
}, 30_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  // The runtime's background passes (the mail sweep, the digest) may still be reading when the lake stops: each
  // logs that it failed under its own label, and tries again on its next timer, which this process never reaches.
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  await lake?.stop()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const labels = errors.mock.calls.map(([label]) => label)
  errors.mockRestore()
  fs.rmSync(dataDir, {recursive: true, force: true})
  expect(labels.filter((label) => !BACKGROUND_LABELS.includes(String(label)))).toEqual([])
})

const countBookings = (dataset: string) =>
  lake
    .client({token: lake.secrets.writeToken, dataset})
    .fetch<number>('count(*[_type == "booking"])')

describe('SANITY_BOOKINGS_DATASET', () => {
  it('moves both the booking requests and the staff dashboard to the dataset it names', async () => {
    const {question, token} = (await (await api.request(`${SITE}/challenge`)).json()) as {
      question: string
      token: string
    }
    const stored = await api.request(`${SITE}/booking-requests`, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'origin': SITE},
      body: JSON.stringify({
        experienceId: 'lions-head-sunset-hike',
        date: addDays(todayInCapeTown(), 30),
        preferredTime: 'Sunset',
        adults: 2,
        children: 0,
        name: 'Thandi Nkosi',
        email: 'thandi@example.com',
        phone: '+27 82 000 0000',
        country: 'South Africa',
        consentBooking: true,
        consentPrivacy: true,
        challengeToken: token,
        securityAnswer: solveQuestion(question),
      }),
    })
    expect(stored.status).toBe(201)
    const {booking_ref: ref} = (await stored.json()) as {booking_ref: string}
    expect(await countBookings(ELSEWHERE)).toBe(1)
    expect(await countBookings('bookings')).toBe(0)

    const login = await api.request(`${SITE}/staff/session`, {
      method: 'POST',
      headers: {'content-type': 'application/json', 'origin': SITE},
      body: JSON.stringify({password: PASSWORD}),
    })
    expect(login.status).toBe(200)
    const session = /staff_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0]
    const list = await api.request(`${SITE}/staff/bookings`, {
      headers: {cookie: session, origin: SITE},
    })
    expect(list.status).toBe(200)
    const body = (await list.json()) as {bookings: {booking_ref: string}[]}
    expect(body.bookings.map((booking) => booking.booking_ref)).toEqual([ref])

    // The outbox reads its mails from the same dataset: the booking's two are sent (to DATA_DIR/outbox, no SMTP).
    const {outbox} = runtime
    await outbox.stop()
    await outbox.flush()
    expect(fs.readdirSync(path.join(dataDir, 'outbox'))).toHaveLength(2)
  })
})
