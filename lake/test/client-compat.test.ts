import type {SanityClient} from '@sanity/client'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'

import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'
import {uniqueId} from '../src/testing/unique-id.ts'

// Everything here goes through the real @sanity/client, as the site, the functions and the studio do.
let lake: TestLake
let root: SanityClient
let anonymous: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
  anonymous = lake.client({perspective: 'published'})
})
afterAll(() => lake.stop())


describe('queries', () => {
  it('runs GROQ with parameters and honours perspectives', async () => {
    const id = uniqueId('exp')
    await root.create({_id: id, _type: 'experience', title: 'Published title', price: 450})
    await root.create({_id: `drafts.${id}`, _type: 'experience', title: 'Draft title', price: 500})

    const query = '*[_type == "experience" && _id == $id || _id == "drafts." + $id]{_id, title}'
    const raw = await root.fetch(query, {id})
    expect(raw.map((doc: {_id: string}) => doc._id).sort()).toEqual([`drafts.${id}`, id])

    const published = await root.fetch(query, {id}, {perspective: 'published'})
    expect(published).toEqual([{_id: id, title: 'Published title'}])

    const drafts = await root.fetch('*[_id == $id][0]{_id, _originalId, title}', {id}, {perspective: 'drafts'})
    expect(drafts).toEqual({_id: id, _originalId: `drafts.${id}`, title: 'Draft title'})

    // Anonymous readers of a public dataset never see drafts, whatever they ask for.
    expect(await anonymous.fetch('*[_id in [$id, "drafts." + $id]].title', {id}, {perspective: 'raw'})).toEqual([
      'Published title',
    ])
  })

  it('filters on the view a perspective gives, not on documents it hides', async () => {
    const id = uniqueId('overlay')
    await root.create({_id: id, _type: 'overlaid', status: 'new'})
    await root.create({_id: `drafts.${id}`, _type: 'overlaid', status: 'contacted'})
    const query = '*[_type == "overlaid" && status == $status] | order(_id)[0...10]._id'
    expect(await root.fetch(query, {status: 'new'}, {perspective: 'published'})).toEqual([id])
    expect(await root.fetch(query, {status: 'new'}, {perspective: 'drafts'})).toEqual([])
    expect(await root.fetch(query, {status: 'contacted'}, {perspective: 'drafts'})).toEqual([id])
    // A write drops the index: the next query sees it.
    await root.patch(id).set({status: 'confirmed'}).commit()
    expect(await root.fetch(query, {status: 'new'}, {perspective: 'published'})).toEqual([])
  })

  it('orders, slices and follows references', async () => {
    const author = uniqueId('author')
    await root
      .transaction()
      .create({_id: author, _type: 'person', name: 'Thandi'})
      .create({_id: uniqueId('post'), _type: 'post', n: 2, author: {_type: 'reference', _ref: author}})
      .create({_id: uniqueId('post'), _type: 'post', n: 1, author: {_type: 'reference', _ref: author}})
      .commit()
    const posts = await root.fetch('*[_type == "post" && author._ref == $author] | order(n asc)[0...2]{n, "by": author->name}', {author})
    expect(posts).toEqual([
      {n: 1, by: 'Thandi'},
      {n: 2, by: 'Thandi'},
    ])
  })

  it('answers a GROQ syntax error with queryParseError and its position', async () => {
    const error = await root.fetch('*[_type == ').catch((err: unknown) => err)
    expect(error).toMatchObject({statusCode: 400})
    const body = (error as {response: {body: {error: {type: string; start: number}}}}).response.body
    expect(body.error.type).toBe('queryParseError')
    expect(body.error.start).toBeGreaterThan(0)
  })

  it('accepts long queries sent as POST', async () => {
    const ids = Array.from({length: 800}, (_, index) => `missing-document-with-a-long-id-${index}`)
    expect(await root.fetch('*[_id in $ids]', {ids})).toEqual([])
  })
})

describe('documents and mutations', () => {
  it('gets documents and reports missing ones as null', async () => {
    const id = uniqueId('doc')
    await root.create({_id: id, _type: 'thing', label: 'One'})
    expect(await root.getDocument(id)).toMatchObject({_id: id, label: 'One', _type: 'thing'})
    const [found, missing] = await root.getDocuments([id, 'no-such-document'])
    expect(found?._id).toBe(id)
    expect(missing).toBeNull()
  })

  it('creates, replaces and patches with every patch operation', async () => {
    const id = uniqueId('patch')
    const created = await root.create({
      _id: id,
      _type: 'thing',
      title: 'Hello',
      count: 5,
      tags: [{_key: 'a', name: 'a'}],
      body: 'The quick brown fox',
    })
    expect(created._rev).toBeTruthy()
    expect(created._createdAt).toBeTruthy()

    const patched = await root
      .patch(id)
      .set({title: 'Hello, Cape Town'})
      .setIfMissing({subtitle: 'Guided'})
      .inc({count: 3})
      .dec({count: 1})
      .unset(['body'])
      .insert('after', 'tags[-1]', [{_key: 'b', name: 'b'}])
      .commit()
    expect(patched).toMatchObject({title: 'Hello, Cape Town', subtitle: 'Guided', count: 7})
    expect(patched.body).toBeUndefined()
    expect(patched.tags.map((tag: {name: string}) => tag.name)).toEqual(['a', 'b'])

    const dmp = await root.patch(id).diffMatchPatch({title: '@@ -1,5 +1,5 @@\n-Hello\n+Molo,\n'}).commit()
    expect(dmp.title).toBe('Molo,, Cape Town')

    const replaced = await root.createOrReplace({_id: id, _type: 'thing', title: 'Replaced'})
    expect(replaced).toMatchObject({title: 'Replaced'})
    expect((replaced as Record<string, unknown>).count).toBeUndefined()
    expect(replaced._createdAt).toBe(created._createdAt)

    const kept = await root.createIfNotExists({_id: id, _type: 'thing', title: 'Ignored'})
    expect(kept.title).toBe('Replaced')
  })

  it('refuses to create a document that exists', async () => {
    const id = uniqueId('dup')
    await root.create({_id: id, _type: 'thing'})
    await expect(root.create({_id: id, _type: 'thing'})).rejects.toMatchObject({statusCode: 409})
  })

  it('applies a transaction all or nothing', async () => {
    const existing = uniqueId('tx')
    await root.create({_id: existing, _type: 'thing'})
    const fresh = uniqueId('tx')
    const failed = await root
      .transaction()
      .create({_id: fresh, _type: 'thing'})
      .create({_id: existing, _type: 'thing'})
      .commit()
      .catch((error: unknown) => error)
    expect(failed).toMatchObject({statusCode: 409})
    expect(await root.getDocument(fresh)).toBeUndefined()
  })

  it('rejects a patch whose ifRevisionID is stale with 409 and changes nothing', async () => {
    const id = uniqueId('rev')
    const doc = await root.create({_id: id, _type: 'thing', n: 1})
    await root.patch(id).set({n: 2}).commit()
    await expect(root.patch(id).ifRevisionId(doc._rev).set({n: 3}).commit()).rejects.toMatchObject({
      statusCode: 409,
    })
    expect((await root.getDocument(id))?.n).toBe(2)
  })

  it('patches and deletes by query, and deletes by id', async () => {
    const batch = uniqueId('batch')
    await root
      .transaction()
      .create({_id: `${batch}-1`, _type: 'batchItem', batch, done: false})
      .create({_id: `${batch}-2`, _type: 'batchItem', batch, done: false})
      .commit()
    await root.mutate([{patch: {query: '*[_type == "batchItem" && batch == $batch]', params: {batch}, set: {done: true}}}])
    expect(await root.fetch('*[batch == $batch].done', {batch})).toEqual([true, true])
    await root.delete(`${batch}-1`)
    expect(await root.fetch('count(*[batch == $batch])', {batch})).toBe(1)
    await root.delete({query: '*[batch == $batch]', params: {batch}})
    expect(await root.fetch('count(*[batch == $batch])', {batch})).toBe(0)
  })

  it('selects by query what the transaction itself created and deleted before, and a write not yet committed', async () => {
    const batch = uniqueId('overlay')
    await root.mutate([
      {create: {_id: `${batch}-kept`, _type: 'batchItem', batch}},
      {create: {_id: `${batch}-deleted`, _type: 'batchItem', batch}},
    ])
    // Both handed to the store at once: the second is planned while the first may still be on its way to disk.
    const store = lake.lake.dataset('production')
    const [, result] = await Promise.all([
      store.mutate([{create: {_id: `${batch}-other`, _type: 'batchItem', batch}}]),
      store.mutate([
        {create: {_id: `${batch}-new`, _type: 'batchItem', batch}},
        {delete: {id: `${batch}-deleted`}},
        {patch: {query: '*[_type == "batchItem" && batch == $batch]', params: {batch}, set: {seen: true}}},
      ]),
    ])
    const seen = [`${batch}-kept`, `${batch}-new`, `${batch}-other`].sort()
    expect(result.results.filter((entry) => entry.operation === 'update').map((entry) => entry.id).sort()).toEqual(seen)
    expect(await root.fetch('*[batch == $batch && seen] | order(_id)._id', {batch})).toEqual(seen)
  })

  it('uses the transaction id the client chose as the new revision', async () => {
    const id = uniqueId('txid')
    const transactionId = uniqueId('my-transaction')
    // client.create() does not forward transactionId; mutate() does.
    await root.mutate([{create: {_id: id, _type: 'thing'}}], {transactionId})
    expect((await root.getDocument(id))?._rev).toBe(transactionId)
    // A transaction id can be used once: a retried request cannot apply twice.
    await expect(root.mutate([{create: {_id: uniqueId('other'), _type: 'thing'}}], {transactionId})).rejects.toMatchObject({
      statusCode: 409,
    })
  })
})

describe('actions API', () => {
  it('creates a draft, edits it, publishes, unpublishes and discards', async () => {
    const id = uniqueId('act')
    const draftId = `drafts.${id}`
    const transactionId = uniqueId('studio-tx')
    const created = await root.action(
      {actionType: 'sanity.action.document.create', publishedId: id, attributes: {_id: draftId, _type: 'thing', title: 'Draft'}, ifExists: 'fail'},
      {transactionId},
    )
    expect(created.transactionId).toBe(transactionId)

    await root.action({actionType: 'sanity.action.document.edit', draftId, publishedId: id, patch: {set: {title: 'Edited'}}})
    await root.action({actionType: 'sanity.action.document.publish', draftId, publishedId: id})
    expect(await root.getDocument(id)).toMatchObject({title: 'Edited'})
    expect(await root.getDocument(draftId)).toBeUndefined()

    // Editing a published document without a draft starts the draft from the published content.
    await root.action({actionType: 'sanity.action.document.edit', draftId, publishedId: id, patch: {set: {subtitle: 'New'}}})
    expect(await root.getDocument(draftId)).toMatchObject({title: 'Edited', subtitle: 'New'})

    await root.action({actionType: 'sanity.action.document.unpublish', draftId, publishedId: id})
    expect(await root.getDocument(id)).toBeUndefined()
    expect(await root.getDocument(draftId)).toMatchObject({title: 'Edited'})

    await root.action({actionType: 'sanity.action.document.version.discard', versionId: draftId})
    expect(await root.getDocument(draftId)).toBeUndefined()
  })

  it('refuses to publish when the draft revision has moved on', async () => {
    const id = uniqueId('stale')
    await root.create({_id: `drafts.${id}`, _type: 'thing', title: 'A'})
    await expect(
      root.action({
        actionType: 'sanity.action.document.publish',
        draftId: `drafts.${id}`,
        publishedId: id,
        ifDraftRevisionId: 'an-old-revision',
      }),
    ).rejects.toMatchObject({statusCode: 409})
    expect(await root.getDocument(id)).toBeUndefined()
  })
})

describe('listen', () => {
  it('streams appear, update and disappear for matching documents only', async () => {
    const kind = uniqueId('listened').replace(/-/g, '_')
    const events: Record<string, unknown>[] = []
    const subscription = root
      .listen(`*[_type == $kind]`, {kind}, {includeResult: true, effectFormat: 'mendoza', events: ['welcome', 'mutation']})
      .subscribe((event) => events.push(event as unknown as Record<string, unknown>))
    try {
      await expect.poll(() => events.some((event) => event.type === 'welcome')).toBe(true)
      const id = uniqueId('live')
      const created = await root.create({_id: id, _type: kind, n: 1})
      await root.create({_id: uniqueId('other'), _type: 'unrelated'})
      await root.patch(id).set({n: 2}).commit()
      await root.delete(id)
      await expect.poll(() => events.filter((event) => event.type === 'mutation').length).toBe(3)
      const [appear, update, disappear] = events.filter((event) => event.type === 'mutation')
      expect(appear).toMatchObject({transition: 'appear', documentId: id, resultRev: created._rev, transactionTotalEvents: 1})
      expect(appear).not.toHaveProperty('previousRev')
      expect(appear?.result).toMatchObject({n: 1})
      expect(update).toMatchObject({transition: 'update', previousRev: created._rev})
      expect((update?.effects as {apply: unknown[]}).apply[1]).toMatchObject({n: 2})
      expect(disappear).toMatchObject({transition: 'disappear'})
      expect(disappear).not.toHaveProperty('result')
    } finally {
      subscription.unsubscribe()
    }
  })

  it('counts transactionTotalEvents per listener filter', async () => {
    const kind = uniqueId('counted').replace(/-/g, '_')
    const events: Record<string, unknown>[] = []
    const subscription = root
      .listen(`*[_type == $kind]`, {kind}, {events: ['welcome', 'mutation']})
      .subscribe((event) => events.push(event as unknown as Record<string, unknown>))
    try {
      await expect.poll(() => events.length).toBeGreaterThan(0)
      await root
        .transaction()
        .create({_id: uniqueId('a'), _type: kind})
        .create({_id: uniqueId('b'), _type: 'notListened'})
        .create({_id: uniqueId('c'), _type: kind})
        .commit()
      await expect.poll(() => events.filter((event) => event.type === 'mutation').length).toBe(2)
      const mutations = events.filter((event) => event.type === 'mutation')
      expect(mutations.map((event) => event.transactionTotalEvents)).toEqual([2, 2])
      expect(mutations.map((event) => event.transactionCurrentEvent)).toEqual([0, 1])
    } finally {
      subscription.unsubscribe()
    }
  })
})

describe('assets', () => {
  it('uploads an image once, serves it and transforms it', async () => {
    const png = await sharp({create: {width: 120, height: 80, channels: 3, background: '#1d6fa5'}}).png().toBuffer()
    const asset = await root.assets.upload('image', png, {filename: 'sea.png'})
    expect(asset._id).toMatch(/^image-[0-9a-f]{40}-120x80-png$/)
    expect(asset.metadata.dimensions).toMatchObject({width: 120, height: 80})
    const again = await root.assets.upload('image', png, {filename: 'sea-again.png'})
    expect(again._id).toBe(asset._id)

    const original = await fetch(asset.url)
    expect(original.status).toBe(200)
    expect(original.headers.get('cache-control')).toContain('immutable')
    const resized = await fetch(`${asset.url}?w=60&fm=webp`)
    const meta = await sharp(Buffer.from(await resized.arrayBuffer())).metadata()
    expect(meta).toMatchObject({width: 60, height: 40, format: 'webp'})
  })

  it('removes the stored file when its asset document is deleted', async () => {
    const png = await sharp({create: {width: 10, height: 10, channels: 3, background: '#f4a261'}}).png().toBuffer()
    const asset = await root.assets.upload('image', png)
    expect((await fetch(asset.url)).status).toBe(200)
    await root.delete(asset._id)
    await expect.poll(async () => (await fetch(asset.url)).status).toBe(404)
  })

  it('rejects bytes that are not an image and stores nothing', async () => {
    const before = await root.fetch('count(*[_type == "sanity.imageAsset"])')
    await expect(root.assets.upload('image', Buffer.from('not an image'))).rejects.toMatchObject({statusCode: 400})
    expect(await root.fetch('count(*[_type == "sanity.imageAsset"])')).toBe(before)
  })
})

describe('permissions', () => {
  it('keeps the private bookings dataset closed to anonymous readers', async () => {
    const bookings = lake.client({dataset: 'bookings', token: lake.secrets.writeToken})
    await bookings.create({_id: uniqueId('booking'), _type: 'booking', name: 'Private'})
    const anonymousBookings = lake.client({dataset: 'bookings', perspective: 'published'})
    await expect(anonymousBookings.fetch('*[_type == "booking"]')).rejects.toMatchObject({statusCode: 401})
    expect(await bookings.fetch('count(*[_type == "booking"])')).toBeGreaterThan(0)
  })

  it('lets a read token read but not write, and refuses unknown tokens', async () => {
    const reader = lake.client({token: lake.secrets.readToken})
    expect(await reader.fetch('count(*)')).toBeGreaterThan(0)
    await expect(reader.create({_type: 'thing'})).rejects.toMatchObject({statusCode: 403})
    await expect(lake.client({token: 'not-a-real-token'}).fetch('count(*)')).rejects.toMatchObject({
      statusCode: 401,
    })
    await expect(anonymous.create({_type: 'thing'})).rejects.toMatchObject({statusCode: 401})
  })
})

describe('bad input', () => {
  const post = (path: string, body: string) =>
    fetch(`${lake.url}/v2025-02-19${path}`, {
      method: 'POST',
      headers: {authorization: `Bearer ${lake.secrets.rootToken}`, 'content-type': 'application/json'},
      body,
    })

  const description = async (res: Response) => ((await res.json()) as {error: {description: string}}).error.description

  it('answers malformed JSON, invalid mutations, unknown datasets and huge bodies with a clear 4xx', async () => {
    const count = await root.fetch('count(*)')
    const malformed = await post('/data/mutate/production', '{"mutations": [')
    expect(malformed.status).toBe(400)
    expect(await description(malformed)).toMatch(/not valid JSON/)

    const invalid = await post('/data/mutate/production', JSON.stringify({mutations: [{explode: {}}]}))
    expect(invalid.status).toBe(400)
    expect(await description(invalid)).toMatch(/Unknown mutation "explode"/)

    const noType = await post('/data/mutate/production', JSON.stringify({mutations: [{create: {_id: 'x'}}]}))
    expect(noType.status).toBe(400)

    const unknown = await post('/data/mutate/nowhere', JSON.stringify({mutations: []}))
    expect(unknown.status).toBe(404)

    // Hosted's limit: 4,000,000 bytes.
    const huge = await post('/data/mutate/production', JSON.stringify({mutations: [{create: {_type: 'x', blob: 'x'.repeat(4_000_000)}}]}))
    expect(huge.status).toBe(413)
    expect(JSON.stringify(await huge.json())).toContain('Request body exceeds limit of 4000000 bytes')

    expect(await root.fetch('count(*)')).toBe(count)
  })
})

describe('history', () => {
  it('serves the transaction log and documents at earlier revisions', async () => {
    const id = uniqueId('history')
    const first = await root.create({_id: id, _type: 'thing', title: 'First'})
    await root.patch(id).set({title: 'Second'}).commit()
    const headers = {authorization: `Bearer ${lake.secrets.rootToken}`}
    const log = await fetch(`${lake.url}/v2025-02-19/data/history/production/transactions/${id}?excludeContent=true`, {headers})
    expect(log.headers.get('content-type')).toContain('application/x-ndjson')
    const entries = (await log.text()).trim().split('\n').map((line) => JSON.parse(line))
    expect(entries).toHaveLength(2)
    expect(entries[0]).toMatchObject({id: first._rev, documentIDs: [id]})
    expect(entries[1].effects[id].revert[1]).toMatchObject({title: 'First'})

    const old = await fetch(`${lake.url}/v2025-02-19/data/history/production/documents/${id}?revision=${first._rev}`, {headers})
    expect(((await old.json()) as {documents: unknown[]}).documents[0]).toMatchObject({title: 'First'})
  })
})

describe('studio support endpoints', () => {
  const get = (path: string, token?: string) =>
    fetch(`${lake.tlsUrl}/v2025-02-19${path}`, {headers: token ? {authorization: `Bearer ${token}`} : {}})

  it('answers what the studio asks while booting, over HTTP/2 + TLS', async () => {
    // Node's fetch does not trust the self-signed certificate; this test talks to it deliberately, and Node's
    // warning about that (once per process) is expected.
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = '0'
    const warnings = vi.spyOn(process, 'emitWarning').mockImplementation(() => {})
    try {
      expect(await (await get('/users/me', lake.secrets.rootToken)).json()).toMatchObject({id: 'root', role: 'administrator'})
      expect(await (await get('/users/me')).json()).toEqual({})
      expect(await (await get('/check/cors')).json()).toEqual({result: {allowed: true, withCredentials: true}})
      const acl = (await (await get('/projects/local/datasets/production/acl', lake.secrets.rootToken)).json()) as {permissions: string[]}[]
      expect(acl[0]?.permissions).toContain('update')
      expect(await (await get('/features')).json()).toEqual(['privateDataset'])
      expect(await (await get('/intake/telemetry-status')).json()).toEqual({status: 'denied'})
      const datasets = (await (await get('/projects/local/datasets', lake.secrets.rootToken)).json()) as {name: string; aclMode: string}[]
      expect(datasets).toEqual(
        expect.arrayContaining([
          expect.objectContaining({name: 'production', aclMode: 'public'}),
          expect.objectContaining({name: 'bookings', aclMode: 'private'}),
        ]),
      )
    } finally {
      delete process.env.NODE_TLS_REJECT_UNAUTHORIZED
      warnings.mockRestore()
    }
  })

  it('completes the presence socket handshake and answers its requests', async () => {
    const {default: WebSocket} = await import('ws')
    const reply = await new Promise<string>((resolve, reject) => {
      const socket = new WebSocket(`${lake.tlsUrl.replace('https', 'wss')}/v2022-06-30/socket/production`, {rejectUnauthorized: false})
      socket.on('open', () => socket.send(JSON.stringify({jsonrpc: '2.0', method: 'presence_subscribe', params: {}, id: 7})))
      socket.on('message', (message) => {
        socket.close()
        resolve(String(message))
      })
      socket.on('error', reject)
    })
    expect(JSON.parse(reply)).toMatchObject({jsonrpc: '2.0', id: 7})
  })
})
