import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// The editor role (the editor token, and every studio sign-in) works on the public datasets and on the private ones
// it is granted on (LAKE_EDITOR_DATASETS, none by default), as a custom role scoped to datasets does on hosted
// Sanity: an editor never reaches the private `bookings` dataset, where travellers' details are
// (docs/decisions/175-editors-reach-no-bookings.md).
let lake: TestLake
let root: SanityClient
let sessionToken: string

const booking = {
  _id: 'editor-acl-booking',
  _type: 'booking',
  name: 'Emma Walker',
  email: 'emma@example.com',
  phone: '+27 82 555 0101',
  date: '2026-12-05',
}

async function studioSession(): Promise<string> {
  const params = new URLSearchParams({origin: `${lake.url}/studio/`, key: lake.secrets.studioSignInKey})
  const login = await fetch(`${lake.url}/v1/auth/login/lake?${params}`, {redirect: 'manual'})
  const sid = /#sid=(.+)$/.exec(login.headers.get('location') ?? '')?.[1]
  const {token} = (await (await fetch(`${lake.url}/v1/auth/fetch?sid=${sid}`)).json()) as {token: string}
  return token
}

beforeAll(async () => {
  lake = await startTestLake({datasets: {production: 'public', bookings: 'private', notes: 'private'}, editorDatasets: ['notes']})
  root = lake.client({token: lake.secrets.rootToken})
  await root.withConfig({dataset: 'bookings'}).createOrReplace(booking)
  await root.withConfig({dataset: 'notes'}).createOrReplace({_id: 'note-1', _type: 'note', title: 'Granted'})
  sessionToken = await studioSession()
})
afterAll(() => lake.stop())

const call = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${lake.url}/v2025-02-19${path}`, {
    ...init,
    headers: {authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers},
  })

describe.each([
  ['the editor token', () => lake.secrets.editorToken],
  ['a studio sign-in', () => sessionToken],
])('%s', (who, token) => {
  it('reads nothing of the bookings dataset, by any endpoint', async () => {
    const query = encodeURIComponent('*[_type == "booking"]{name, email, phone}')
    const refused = [
      await call(token(), `/data/query/bookings?query=${query}&perspective=raw`),
      await call(token(), `/data/doc/bookings/${booking._id}`),
      await call(token(), `/data/export/bookings`),
      await call(token(), `/data/listen/bookings?query=${query}`),
      await call(token(), `/data/live/events/bookings`),
      await call(token(), `/data/history/bookings/documents/${booking._id}`),
      await call(token(), `/data/history/bookings/transactions/${booking._id}`),
    ]
    for (const response of refused) {
      expect(response.status, response.url).toBe(403)
      const body = await response.text()
      for (const value of [booking.name, booking.email, booking.phone]) expect(body, response.url).not.toContain(value)
    }
    // The grants the studio asks for say the same: nothing on any document.
    expect(await (await call(token(), '/projects/local/datasets/bookings/acl')).json()).toEqual([])
  })

  it('writes nothing to the bookings dataset', async () => {
    const mutate = await call(token(), '/data/mutate/bookings', {
      method: 'POST',
      body: JSON.stringify({mutations: [{patch: {id: booking._id, set: {status: 'confirmed'}}}]}),
    })
    expect(mutate.status).toBe(403)
    const action = await call(token(), '/data/actions/bookings', {
      method: 'POST',
      body: JSON.stringify({actions: [{actionType: 'sanity.action.document.delete', publishedId: booking._id, includeDrafts: []}]}),
    })
    expect(action.status).toBe(403)
    expect(await root.withConfig({dataset: 'bookings'}).getDocument(booking._id)).toMatchObject({name: booking.name})
    expect((await root.withConfig({dataset: 'bookings'}).getDocument(booking._id))?.status).toBeUndefined()
  })

  it('still edits the public dataset, drafts included, and a private dataset it is granted on', async () => {
    const editor = lake.client({token: token(), perspective: 'raw'})
    await editor.createOrReplace({_id: 'drafts.editor-acl-page', _type: 'page', title: 'Draft'})
    expect(await editor.fetch('*[_id == "drafts.editor-acl-page"][0].title')).toBe('Draft')
    expect(await (await call(token(), '/projects/local/datasets/production/acl')).json()).toEqual([
      {filter: '_id in path("**")', permissions: ['read', 'create', 'update', 'history', 'editHistory']},
    ])
    const notes = editor.withConfig({dataset: 'notes'})
    expect(await notes.fetch('*[_id == "note-1"][0]._type')).toBe('note')
    await notes.patch('note-1').set({title: `Changed by ${who}`}).commit()
    expect(await root.withConfig({dataset: 'notes'}).fetch('*[_id == "note-1"][0].title')).toBe(`Changed by ${who}`)
  })
})

it('the site’s own tokens still read and write the bookings dataset', async () => {
  for (const token of [lake.secrets.readToken, lake.secrets.writeToken]) {
    const bookings = lake.client({token, dataset: 'bookings'})
    expect(await bookings.fetch('*[_id == $id][0].email', {id: booking._id})).toBe(booking.email)
  }
  await lake.client({token: lake.secrets.writeToken, dataset: 'bookings'}).patch(booking._id).set({notes: 'x'}).commit()
})

it('the presence socket of the bookings dataset does not open for an editor', async () => {
  const {default: WebSocket} = await import('ws')
  const status = await new Promise<number | undefined>((resolve) => {
    const socket = new WebSocket(`${lake.url.replace(/^http/, 'ws')}/v2022-06-30/socket/bookings`, {
      headers: {authorization: `Bearer ${lake.secrets.editorToken}`},
    })
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode))
    socket.on('open', () => {
      socket.close()
      resolve(101)
    })
    socket.on('error', () => undefined)
  })
  expect(status).toBe(403)
})
