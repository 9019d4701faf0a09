import fs from 'node:fs'
import path from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {PendingSignIns, sessionFor, SESSION_DAYS, studioSignInLink} from '../src/auth/studio-sign-in.ts'
import {openDatabase} from '../src/store/database.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// The studio's sign-in gives nothing to a stranger who can reach the lake: only the link `npm start`
// printed (its key), or a browser that opened it once, gets a session, and only for the studio itself.
let lake: TestLake
let studio: string

beforeAll(async () => {
  lake = await startTestLake()
  studio = `${lake.url}/studio/`
})
afterAll(() => lake.stop())

const login = (params: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(`${lake.url}/v1/auth/login/lake?${new URLSearchParams(params)}`, {redirect: 'manual', headers})

async function exchange(location: string | null): Promise<Response> {
  const sid = /#sid=(.+)$/.exec(location ?? '')?.[1] ?? 'none'
  return fetch(`${lake.url}/v1/auth/fetch?sid=${sid}`)
}

describe('studio sign-in', () => {
  it('refuses a stranger without the printed link: no session, no code, a page that says what to do', async () => {
    const response = await login({origin: studio})
    expect(response.status).toBe(403)
    expect(await response.text()).toContain('npm start')
    expect(response.headers.get('location')).toBeNull()
    const wrongKey = await login({origin: studio, key: 'sksigninguess'})
    expect(wrongKey.status).toBe(403)
    expect((await fetch(`${lake.url}/v1/auth/fetch?sid=guess`)).status).toBe(401)
  })

  it('returns only to the studio this lake serves, exactly', async () => {
    const key = lake.secrets.studioSignInKey
    for (const origin of [
      'javascript://localhost/%0aalert(1)',
      'myapp://localhost/studio/',
      'http://evil.localhost/',
      `http://localhost:1/studio/`,
      'https://evil.example/',
      'not a url',
    ]) {
      const response = await login({origin, key})
      expect(response.status, origin).toBe(400)
      expect(response.headers.get('set-cookie'), origin).toBeNull()
    }
  })

  it('signs in with the key as an editor, remembers the browser, and signs out', async () => {
    const first = await login({origin: studio, key: lake.secrets.studioSignInKey})
    expect(first.status).toBe(302)
    expect(first.headers.get('location')).toMatch(new RegExp(`^${studio}#sid=`))
    const deviceCookie = first.headers.get('set-cookie') ?? ''
    expect(deviceCookie).toMatch(/HttpOnly/)
    expect(deviceCookie).toMatch(/SameSite=Strict/)

    const exchanged = await exchange(first.headers.get('location'))
    const {token} = (await exchanged.json()) as {token: string}
    // A code works once.
    expect((await exchange(first.headers.get('location'))).status).toBe(401)

    const me = (await (await fetch(`${lake.url}/v2025-02-19/users/me`, {headers: {authorization: `Bearer ${token}`}})).json()) as {role: string}
    expect(me.role).toBe('editor')
    const client = lake.client({token})
    await client.create({_id: 'signed-in-edit', _type: 'note'})
    // Editors edit content; managing datasets takes the root token.
    await expect(client.datasets.create('not-for-editors')).rejects.toMatchObject({statusCode: 403})

    // The browser that opened the link signs in again without the key; no other does.
    const again = await login({origin: studio}, {cookie: deviceCookie.split(';')[0]!})
    expect(again.status).toBe(302)
    expect(again.headers.get('set-cookie')).toBeNull()
    expect((await login({origin: studio}, {cookie: 'lake_studio_device=skdeviceforged'})).status).toBe(403)

    await fetch(`${lake.url}/v1/auth/logout`, {method: 'POST', headers: {authorization: `Bearer ${token}`}})
    await expect(client.fetch('count(*)')).rejects.toMatchObject({statusCode: 401})
  })

  it('keeps tokens as hashes only, expires sessions and waiting codes, and bounds how many wait', async () => {
    const response = await login({origin: studio, key: lake.secrets.studioSignInKey})
    const {token} = (await (await exchange(response.headers.get('location'))).json()) as {token: string}
    const files = fs.readdirSync(lake.dataDir).filter((name) => name.startsWith('lake.sqlite'))
    for (const file of files) expect(fs.readFileSync(path.join(lake.dataDir, file)).includes(token), file).toBe(false)

    const db = openDatabase(fs.mkdtempSync(path.join(lake.dataDir, 'sessions-')))
    const pending = new PendingSignIns()
    const now = Date.now()
    const code = pending.start(now)!
    expect(pending.exchange(db, code, now + 61_000)).toBeUndefined()
    const fresh = pending.exchange(db, pending.start(now)!, now)!
    expect(sessionFor(db, fresh, now + 1000)).toMatchObject({role: 'editor'})
    expect(sessionFor(db, fresh, now + SESSION_DAYS * 86_400_000 + 1)).toBeUndefined()
    for (let i = 0; i < 1000; i++) pending.start(now)
    expect(pending.start(now)).toBeUndefined()
    expect(pending.start(now + 61_000)).toBeDefined()
    db.close()
  })

  it('prints a link that leads to the studio it serves', () => {
    const link = new URL(studioSignInLink(lake.tlsUrl, 'sksigninkey'))
    expect(link.pathname).toBe('/v1/auth/login/lake')
    expect(link.searchParams.get('key')).toBe('sksigninkey')
    expect(link.searchParams.get('origin')).toBe(`${lake.tlsUrl}/studio/`)
  })
})
