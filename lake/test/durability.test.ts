import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {createClient, type SanityClient} from '@sanity/client'
import {afterAll, describe, expect, it} from 'vitest'

const mainScript = path.resolve(import.meta.dirname, '../src/main.ts')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lake-durability-'))
let lakeProcess: ChildProcess | undefined

/** Starts `lake/src/main.ts` as its own process on free ports and returns its HTTP origin. */
function startLakeProcess(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [mainScript], {
      env: {...process.env, DATA_DIR: dataDir, LAKE_PORT: '0', LAKE_TLS_PORT: '0'},
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    lakeProcess = child
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Content lake: (http:\/\/[^\s]+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', (code) => reject(new Error(`lake exited (${code}) before it was ready:\n${output}`)))
  })
}

function clientFor(url: string): SanityClient {
  const {rootToken} = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as {rootToken: string}
  return createClient({
    projectId: 'local',
    dataset: 'bookings',
    apiHost: url,
    useProjectHostname: false,
    apiVersion: '2025-02-19',
    useCdn: false,
    token: rootToken,
    maxRetries: 0,
  })
}

afterAll(() => {
  lakeProcess?.kill('SIGKILL')
  fs.rmSync(dataDir, {recursive: true, force: true})
})

describe('durability', () => {
  it('keeps every acknowledged transaction, whole, when the lake is killed with SIGKILL', async () => {
    const client = clientFor(await startLakeProcess())
    const acknowledged = new Set<string>()
    let killed = false

    // Each transaction writes two documents; after the kill, a pair is either whole or absent.
    const writer = async (writerId: number) => {
      for (let index = 0; !killed; index++) {
        const pair = `w${writerId}-${index}`
        try {
          await client
            .transaction()
            .create({_id: `durable.${pair}.a`, _type: 'durabilityProbe', pair})
            .create({_id: `durable.${pair}.b`, _type: 'durabilityProbe', pair})
            .commit({visibility: 'sync'})
          acknowledged.add(pair)
        } catch {
          return
        }
      }
    }
    const writers = Array.from({length: 16}, (_, writerId) => writer(writerId))
    await expect.poll(() => acknowledged.size, {timeout: 20_000, interval: 20}).toBeGreaterThanOrEqual(300)
    killed = true
    lakeProcess?.kill('SIGKILL')
    await Promise.all(writers)
    const acknowledgedBeforeKill = new Set(acknowledged)

    const restarted = clientFor(await startLakeProcess())
    const stored = await restarted.fetch<{_id: string; pair: string}[]>('*[_type == "durabilityProbe"]{_id, pair}')
    const halves = new Map<string, number>()
    for (const doc of stored) halves.set(doc.pair, (halves.get(doc.pair) ?? 0) + 1)

    const lost = [...acknowledgedBeforeKill].filter((pair) => halves.get(pair) !== 2)
    expect(lost).toEqual([])
    const halfApplied = [...halves].filter(([, count]) => count !== 2)
    expect(halfApplied).toEqual([])
    // At most the transactions in flight at the kill (one per writer) were stored unacknowledged.
    expect(halves.size - acknowledgedBeforeKill.size).toBeLessThanOrEqual(16)
  }, 60_000)
})
