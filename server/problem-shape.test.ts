// @vitest-environment node
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {Hono} from 'hono'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'

import {PROBLEM_CONTENT_TYPE, problemSchema} from '@repo/schemas/problem.ts'
import {startTestLake, type TestLake} from '../lake/src/testing/start-test-lake.ts'
import {createApiRoutes} from '../functions/api-routes.ts'
import {readFunctionsEnv} from '../functions/lib/env.ts'
import {createPublicRuntime} from '../functions/runtime.ts'
import {STAFF_ROUTE_ACTIONS} from '../functions/staff/staff-route-actions.ts'
import type {RenderFn} from '../web/src/render-contract.ts'
import {createSiteApp} from './create-site-app.ts'

/**
 * One error shape for the whole API (docs/decisions/185-problem-details.md): every route of the functions' route
 * table (functions/api-routes.ts, the staff routes included) and every staff route of the route-to-action table is
 * asked something it must refuse (no session, another site's origin, a wrong method, a body that is not the form,
 * too large, not JSON, an unknown id) through the site server as it runs, in front of a real lake; every refusal,
 * whoever wrote it (a handler, the staff routes, the server's own checks), must be problem details.
 */
const SITE = 'http://site.test'
const ELSEWHERE = 'https://elsewhere.example'
const PASSWORD = 'correct horse battery'
const BACKGROUND_LABELS = ['[outbox]', '[outbox sweep]', '[used questions clean-up]', '[daily digest]']

let lake: TestLake
let dataDir: string
let apiRoutes: Hono
let site: ReturnType<typeof createSiteApp>
/** A staff session, signed in before the walk: its refusals of sign-in attempts must not lock it out. */
let cookie: string

beforeAll(async () => {
  lake = await startTestLake()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'problem-shape-'))
  vi.stubEnv('DATA_DIR', dataDir)
  vi.stubEnv('SANITY_API_HOST', lake.url)
  vi.stubEnv('SANITY_WRITE_TOKEN', lake.secrets.writeToken)
  vi.stubEnv('ADMIN_PASSWORD', PASSWORD)
  vi.stubEnv('SITE_URL', SITE)
  // The one composition root, as server/main.ts builds it, from the stubbed environment.
  apiRoutes = createApiRoutes(createPublicRuntime(readFunctionsEnv(process.env)))
  const noPages: RenderFn = () => Promise.reject(new Error('No page is asked for here.'))
  site = createSiteApp({
    getRender: async () => noPages,
    getTemplate: async () => '<html><head></head><body><div id="root"></div></body></html>',
    fetcher: () => Promise.reject(new Error('No content is read here.')),
    siteUrl: SITE,
    apiRoutes,
    onError: (error) => {
      throw error
    },
  })
  const login = await ask('POST', '/api/staff/session', {body: JSON.stringify({password: PASSWORD})})
  expect(login.status).toBe(200)
  cookie = /staff_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0]
}, 60_000)

afterAll(async () => {
  vi.unstubAllEnvs()
  // The runtime's background passes may still be reading when the lake stops; each logs under its own label.
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
  await lake?.stop()
  await new Promise((resolve) => setTimeout(resolve, 200))
  const labels = errors.mock.calls.map(([label]) => label)
  errors.mockRestore()
  fs.rmSync(dataDir, {recursive: true, force: true})
  expect(labels.filter((label) => !BACKGROUND_LABELS.includes(String(label)))).toEqual([])
})

type Asked = {what: string; response: Response}

/** An address of the route with each parameter filled by an id nothing has. */
const addressOf = (routePath: string) =>
  `/api${routePath.replace(/:(\w+)(\{[^}]*\})?/g, (_all, name: string) => `unknown-${name}`)}`

async function ask(method: string, address: string, init: {origin?: string | null; body?: string; type?: string; cookie?: string} = {}) {
  const headers = new Headers()
  if (init.origin !== null) headers.set('origin', init.origin ?? SITE)
  if (init.body !== undefined) headers.set('content-type', init.type ?? 'application/json')
  if (init.cookie) headers.set('cookie', init.cookie)
  const response = await site.request(`${SITE}${address}`, {method, headers, body: init.body})
  // Only refusals are read; an answer's body (the staff events' stream never ends by itself) is let go.
  if (response.status < 400) await response.body?.cancel()
  return response
}

/** Every refusal among the answers must be one problem: the content type, and the body read by the one schema. */
async function expectProblems(asked: Asked[]) {
  const refusals = asked.filter(({response}) => response.status >= 400)
  for (const {what, response} of refusals) {
    expect(response.headers.get('content-type'), what).toBe(PROBLEM_CONTENT_TYPE)
    const body: unknown = await response.json()
    const parsed = problemSchema.safeParse(body)
    expect(parsed.error?.issues ?? [], `${what}: ${JSON.stringify(body)}`).toEqual([])
    expect(parsed.data?.status, what).toBe(response.status)
  }
  return refusals
}

/** The staff table's routes as mounted (`/staff/...`), which the staff walk asks signed in and not. */
const STAFF_TABLE = new Set(
  Object.keys(STAFF_ROUTE_ACTIONS).map((key) => key.replace(' /', ' /staff/')),
)
const inStaffTable = (route: {method: string; path: string}) =>
  STAFF_TABLE.has(`${route.method} ${route.path}`)

/** The methods and paths the functions' route table registers (middleware left out), as the site mounts them. */
function registeredRoutes(): {method: string; path: string}[] {
  const seen = new Map<string, {method: string; path: string}>()
  for (const route of apiRoutes.routes) {
    // `use` middleware is registered for every method on a wildcard path; no route of ours ends in `*`.
    if (route.path.endsWith('*')) continue
    seen.set(`${route.method} ${route.path}`, {method: route.method, path: route.path})
  }
  return [...seen.values()]
}

describe('every /api refusal is problem details', () => {
  it('the route table lists every public and staff route', () => {
    const routes = registeredRoutes()
    for (const key of STAFF_TABLE) {
      const [method, routePath] = key.split(' ') as [string, string]
      expect(routes, key).toContainEqual({method, path: routePath})
    }
    // The public routes, and the staff sign-in routes that need no session (outside the table).
    const others = routes.filter((route) => !inStaffTable(route))
    expect(others.length).toBeGreaterThan(15)
    expect(others).toContainEqual({method: 'POST', path: '/staff/session'})
  })

  it('each route outside the staff table refuses the wrong method, origin, body and size in the one shape', async () => {
    const paths = [
      ...new Set(
        registeredRoutes()
          .filter((route) => !inStaffTable(route))
          .map((route) => route.path),
      ),
    ]
    for (const routePath of paths) {
      const address = addressOf(routePath)
      const asked: Asked[] = []
      const record = async (what: string, response: Promise<Response>) =>
        void asked.push({what: `${what} ${address}`, response: await response})
      await record('GET', ask('GET', address))
      await record('DELETE (wrong method)', ask('DELETE', address))
      await record('POST an empty form', ask('POST', address, {body: '{}'}))
      await record('POST not JSON', ask('POST', address, {body: 'x', type: 'text/plain'}))
      await record('POST a list', ask('POST', address, {body: '[1]'}))
      await record('POST from another site', ask('POST', address, {origin: ELSEWHERE, body: '{}'}))
      await record(
        'POST too large',
        ask('POST', address, {body: JSON.stringify({notes: 'x'.repeat(40 * 1024)})}),
      )
      const refusals = await expectProblems(asked)
      expect(
        refusals.filter(({response}) => response.status < 500).length,
        `no 4xx from ${routePath}`,
      ).toBeGreaterThan(0)
    }
  })

  it('each staff route of the route-to-action table refuses in the one shape', async () => {
    let handlerRefusals = 0
    // Signing out ends the session the walk uses: last.
    const keys = Object.keys(STAFF_ROUTE_ACTIONS).sort(
      (a, b) => Number(a === 'DELETE /session') - Number(b === 'DELETE /session'),
    )
    for (const key of keys) {
      const [method, routePath] = key.split(' ') as [string, string]
      const address = addressOf(`/staff${routePath}`)
      const withBody = method === 'GET' ? {} : {body: '{"nonsense": true}'}
      const asked: Asked[] = [
        {what: `${key} without a session`, response: await ask(method, address, withBody)},
        {
          what: `${key} from another site`,
          response: await ask(method, address, {...withBody, origin: ELSEWHERE, cookie}),
        },
        {
          what: `${key} signed in, with ids nothing has and a body that is not the form`,
          response: await ask(method, address, {...withBody, cookie}),
        },
      ]
      expect(asked[0]!.response.status, `${key} without a session`).toBe(401)
      expect(asked[2]!.response.status, `${key} signed in`).not.toBe(401)
      const refusals = await expectProblems(asked)
      if (refusals.some(({what}) => what.includes('signed in'))) handlerRefusals++
    }
    // The handlers' own refusals (a form not filled in, a booking or person not found) went through the same shape.
    expect(handlerRefusals).toBeGreaterThan(10)
  })

  it('the server refuses an address under /api that nothing serves in the one shape', async () => {
    await expectProblems([
      {what: 'GET nowhere', response: await ask('GET', '/api/nowhere')},
      {what: 'POST nowhere', response: await ask('POST', '/api/nowhere/at/all', {body: '{}'})},
    ])
    expect((await ask('GET', '/api/nowhere')).status).toBe(404)
  })
})
