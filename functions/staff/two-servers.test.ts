import fs from 'node:fs'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {ensureWebBuild} from '../../scripts/lib/web-build.ts'
import {
  spawnedProcesses,
  startSiteServer,
  startSpawnedLake,
} from '../lib/testing/spawned-servers.ts'
import {hashPassword} from './admin-password.ts'
import {FIRST_OWNER_ID, staffMemberDocument} from './staff-accounts.ts'

/**
 * Two site servers (`server/main.ts`, each its own process and data folder, as on two machines) in front of one
 * lake agree on staff: a session made on one works on the other, a Lock or a deactivation on one is refused by the
 * other on its very next request, the login back-off counts failures from both together, and a data folder from
 * before staff accounts (one shared password, kept as its hash) signs in with that password and becomes the owner.
 */
const OLD_PASSWORD = 'the team password from before'
const STAFF_PASSWORD = 'a long staff password'

const root = path.resolve(import.meta.dirname, '../..')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

const processes = spawnedProcesses()
let bookings: SanityClient
let a: string
let b: string

beforeAll(async () => {
  await ensureWebBuild(root, {quiet: true})
  const lake = await startSpawnedLake(processes, 'two-servers')
  bookings = lake.client('bookings', lake.secrets.writeToken)
  // Server A's folder is an upgraded one: the old single password, kept only as its hash, and the per-folder
  // signing secret that used to make its sessions unreadable to any other server.
  const upgraded = processes.tempDir('two-servers-site-a-')
  fs.writeFileSync(
    path.join(upgraded, 'admin-password.json'),
    JSON.stringify({...hashPassword(OLD_PASSWORD), sessionSecret: 'folder-a-secret'}),
    {mode: 0o600},
  )
  const urls = await Promise.all(
    [upgraded, processes.tempDir('two-servers-site-b-')].map(
      async (dataDir) =>
        (
          await startSiteServer(processes, lake, {
            dataDir,
            // Each server's bootstrap password is its own data folder's, whatever the developer's environment says.
            env: {ADMIN_PASSWORD: undefined},
          })
        ).url,
    ),
  )
  ;[a, b] = urls as [string, string]
}, 240_000)

afterAll(() => processes.stopAll())

const login = (server: string, body: unknown) =>
  fetch(`${server}/api/staff/session`, {
    method: 'POST',
    headers: {'origin': server, 'content-type': 'application/json'},
    body: JSON.stringify(body),
  })

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((value) => value.startsWith('staff_session='))!
    .split(';')[0]!

const check = (server: string, cookie: string) =>
  fetch(`${server}/api/staff/session`, {headers: {cookie}}).then((response) => response.status)

/** Milliseconds until `server` refuses `cookie`, polled every 20 ms for at most 5 s. */
async function untilRefused(server: string, cookie: string): Promise<number> {
  const started = performance.now()
  while (performance.now() - started < 5_000) {
    if ((await check(server, cookie)) === 401) return performance.now() - started
    await sleep(20)
  }
  return Infinity
}

describe('two site servers against one lake', () => {
  it('an upgraded folder’s old password signs in and makes the owner, whose password then works on both', async () => {
    const first = await login(a, {password: OLD_PASSWORD})
    expect(first.status).toBe(200)
    expect(((await first.json()) as {person: unknown}).person).toMatchObject({
      id: FIRST_OWNER_ID,
      role: 'owner',
    })
    // Server B's own folder has a different, generated password; the lake's owner is the one truth.
    expect((await login(b, {password: OLD_PASSWORD})).status).toBe(200)
  })

  it('a session made on A is accepted by B; locked on B, A refuses it on the next request', async () => {
    const cookie = cookieOf(await login(a, {password: OLD_PASSWORD}))
    expect(await check(b, cookie)).toBe(200)
    expect(await check(a, cookie)).toBe(200)
    const lock = await fetch(`${b}/api/staff/session`, {
      method: 'DELETE',
      headers: {origin: b, cookie},
    })
    expect(lock.status).toBe(204)
    // The very next request on A: no cache on either server to wait for.
    expect(await check(a, cookie)).toBe(401)
    expect(await check(b, cookie)).toBe(401)
  })

  it('a role change on A holds on B at once; a deactivation ends the person’s session on both servers within 1 s', async () => {
    await bookings.createOrReplace(
      staffMemberDocument({
        _id: 'staffMember.two-servers',
        name: 'Thandi Mokoena',
        email: 'thandi@team.example',
        role: 'staff',
        password: STAFF_PASSWORD,
        now: new Date(),
      }),
    )
    const cookie = cookieOf(
      await login(a, {email: 'thandi@team.example', password: STAFF_PASSWORD}),
    )
    expect(await check(b, cookie)).toBe(200)
    // A role change made through A's people API: B refuses what the new role may not do on the next request.
    const owner = cookieOf(await login(a, {password: OLD_PASSWORD}))
    const bookingsOnB = () =>
      fetch(`${b}/api/staff/bookings`, {headers: {cookie}}).then((response) => response.status)
    expect(await bookingsOnB()).toBe(200)
    const changed = await fetch(`${a}/api/staff/people/staffMember.two-servers`, {
      method: 'PATCH',
      headers: {'origin': a, 'cookie': owner, 'content-type': 'application/json'},
      body: JSON.stringify({role: 'guide'}),
    })
    expect(changed.status).toBe(200)
    expect(await bookingsOnB()).toBe(403)
    const started = performance.now()
    await bookings.patch('staffMember.two-servers').set({state: 'deactivated'}).commit()
    const [onA, onB] = await Promise.all([untilRefused(a, cookie), untilRefused(b, cookie)])
    const elapsed = performance.now() - started
    if (process.env.TEST_PROGRESS)
      process.stderr.write(`[two servers] deactivation refused after ${elapsed.toFixed(0)} ms\n`)
    expect(onA).toBeLessThan(1_000)
    expect(onB).toBeLessThan(1_000)
  })

  it('counts failed sign-ins from both servers together, racing ones included', async () => {
    const email = 'nobody@team.example'
    // Ten wrong passwords at the same moment, half through each server: each one counted.
    const statuses = await Promise.all(
      Array.from({length: 10}, (_, i) => login(i % 2 ? a : b, {email, password: `guess ${i}`})),
    ).then((responses) => responses.map((response) => response.status))
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true)
    const throttles = await bookings.fetch<{failures: number}[]>(
      '*[_type == "staffLoginThrottle"]{failures}',
    )
    expect(throttles.map((throttle) => throttle.failures)).toContain(
      statuses.filter((status) => status === 401).length,
    )
    // Five or more failures: each server now makes the next attempt wait.
    for (const server of [a, b]) {
      const wait = await login(server, {email, password: 'another guess'})
      expect(wait.status).toBe(429)
      expect(Number(wait.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })
})
