import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {createClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'

import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

/**
 * The lake delivers document events to the handlers of a `sanity.blueprint.ts` as hosted Sanity does, at
 * least once: a handler that fails, or runs past its timeout, is invoked again with back-off, and an event survives
 * the lake being killed. The fixture's handler logs every invocation it gets (with Sanity's event shape).
 */
const blueprint = path.resolve(import.meta.dirname, 'fixtures/flaky-function/sanity.blueprint.ts')
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'lake-functions-'))
const log = path.join(work, 'invocations.ndjson')
process.env.FLAKY_LOG = log

type Invocation = {
  at: number
  data: {_id: string; item?: string; failTimes?: number}
  context: {clientOptions: Record<string, string>; eventResourceType: string; eventResourceId: string}
  greeting?: string
}

const invocations = (id?: string): Invocation[] =>
  fs.existsSync(log)
    ? fs
        .readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Invocation)
        .filter((invocation) => !id || invocation.data._id === id)
    : []

async function until(check: () => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms; invocations: ${JSON.stringify(invocations())}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

afterAll(() => fs.rmSync(work, {recursive: true, force: true}))

describe('document functions on the lake', () => {
  let lake: TestLake
  beforeAll(async () => {
    lake = await startTestLake({blueprint, functionRetryMs: 300})
  })
  afterAll(() => lake.stop())

  it('invokes a handler that fails twice three times, with back-off, and then no more', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    await bookings.create({_id: 'order-flaky', _type: 'order', title: 'Sunset cruise', failTimes: 2, secret: 'not projected'})
    await until(() => invocations('order-flaky').length === 3)
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    const calls = invocations('order-flaky')
    expect(calls).toHaveLength(3)
    // Sanity's event shape: the projection of the created document (a missing field is null, as GROQ projects
    // it), and the context of its dataset.
    expect(calls[0]!.data).toEqual({_id: 'order-flaky', item: 'Sunset cruise', failTimes: 2, sleepMs: null})
    expect(calls[0]!.context).toMatchObject({
      clientOptions: {projectId: 'local', dataset: 'bookings', token: lake.secrets.writeToken},
      eventResourceType: 'dataset',
      eventResourceId: 'local.bookings',
    })
    expect(calls[0]!.context.clientOptions.apiHost).toMatch(/^http:\/\/localhost:\d+$/)
    expect(calls[0]!.greeting).toBe('from the blueprint')
    // 300 ms, then 600 ms (less the log's own time).
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(250)
    expect(calls[2]!.at - calls[1]!.at).toBeGreaterThanOrEqual(550)
  })

  it('fires only for what the blueprint declares: created, matching, published, in its dataset', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const production = lake.client({token: lake.secrets.writeToken, dataset: 'production'})
    await bookings.create({_id: 'note-1', _type: 'note', title: 'Not an order'})
    await bookings.create({_id: 'drafts.order-draft', _type: 'order', title: 'A draft'})
    await production.create({_id: 'order-elsewhere', _type: 'order', title: 'Another dataset'})
    await bookings.create({_id: 'order-once', _type: 'order', title: 'Created once'})
    await until(() => invocations('order-once').length === 1)
    await bookings.patch('order-once').set({title: 'Updated'}).commit()
    await bookings.createOrReplace({_id: 'order-once', _type: 'order', title: 'Replaced'})
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(invocations('order-once')).toHaveLength(1)
    for (const id of ['note-1', 'drafts.order-draft', 'order-elsewhere']) expect(invocations(id)).toEqual([])
  })

  it('invokes a handler again when it runs past its timeout', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    // The fixture's timeout is 2 s; the first invocation sleeps 4 s, the next one returns at once.
    await bookings.create({_id: 'order-slow', _type: 'order', title: 'Slow', sleepMs: 4_000})
    await until(() => invocations('order-slow').length === 2, 10_000)
    expect(invocations('order-slow')[1]!.at - invocations('order-slow')[0]!.at).toBeGreaterThanOrEqual(2_000)
  })
})

describe('document functions within hosted Sanity’s rate limits', () => {
  let lake: TestLake
  beforeAll(async () => {
    lake = await startTestLake({blueprint})
  })
  afterAll(() => lake.stop())

  it('runs 200 invocations of a function in 30 s and not the rest, as hosted does', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const burst = bookings.transaction()
    for (let i = 0; i < 230; i++) burst.create({_id: `order-burst-${i}`, _type: 'order', title: `Burst ${i}`})
    // The lake logs the refusal, once for the burst, as hosted Sanity's logs show it.
    const refused = vi.spyOn(console, 'error').mockImplementation(() => {})
    await burst.commit()
    const delivered = () => invocations().filter((call) => call.data._id.startsWith('order-burst-')).length
    await until(() => delivered() === 200, 20_000)
    // Nothing more comes, not even later: hosted does not deliver an invocation over the limit afterwards.
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    expect(delivered()).toBe(200)
    // Each delivered once, in the order they were created.
    const ids = invocations()
      .filter((call) => call.data._id.startsWith('order-burst-'))
      .map((call) => call.data._id)
    expect(new Set(ids).size).toBe(200)
    expect(ids).toContain('order-burst-0')
    expect(ids).not.toContain('order-burst-229')
    const errors = refused.mock.calls.map(([message]) => message)
    refused.mockRestore()
    expect(errors).toEqual([
      expect.stringMatching(/^lake: function flaky not invoked for order-burst-200 and what follows for a while: rate limited/),
    ])
  })
})

describe('document functions across a killed lake', () => {
  const dataDir = path.join(work, 'killed-lake')
  let child: ChildProcess | undefined
  afterAll(() => child?.kill('SIGKILL'))

  function startLakeProcess(): Promise<string> {
    return new Promise((resolve, reject) => {
      child = spawn(process.execPath, [path.resolve(import.meta.dirname, '../src/main.ts')], {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          LAKE_PORT: '0',
          LAKE_TLS_PORT: '0',
          LAKE_BLUEPRINT: blueprint,
          LAKE_FUNCTION_RETRY_MS: '2000',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /Content lake: (http:\/\/[^\s]+)/.exec(output)
        if (match?.[1]) resolve(match[1])
      })
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.on('exit', (code) => reject(new Error(`lake exited (${code}) before it was ready:\n${output}`)))
    })
  }

  it('delivers, after a restart, an event whose handler failed before the lake was killed', async () => {
    const clientFor = (url: string) =>
      createClient({
        projectId: 'local',
        dataset: 'bookings',
        apiHost: url,
        useProjectHostname: false,
        apiVersion: '2025-02-19',
        useCdn: false,
        token: (JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {writeToken: string}).writeToken,
      })
    const first = await startLakeProcess()
    await clientFor(first).create({_id: 'order-killed', _type: 'order', title: 'Across a crash', failTimes: 1})
    await until(() => invocations('order-killed').length === 1)
    // Killed while the event waits for its retry (2 s later).
    child!.kill('SIGKILL')
    await new Promise((resolve) => child!.once('exit', resolve))

    const second = await startLakeProcess()
    await until(() => invocations('order-killed').length === 2, 15_000)
    // A document created after the restart is delivered too, and the first is not delivered a third time.
    await clientFor(second).create({_id: 'order-after', _type: 'order', title: 'After the restart'})
    await until(() => invocations('order-after').length === 1)
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(invocations('order-killed')).toHaveLength(2)
  })
})
