import fs from 'node:fs'
import path from 'node:path'
import {DatabaseSync} from 'node:sqlite'

import type {Mutation, SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'
import {uniqueId} from '../src/testing/unique-id.ts'

// Hosted Sanity erases a document's history one way only: a delete mutation with `purge: true` (Mutations API,
// since v2023-03-07). The lake offers the same and nothing more (decision 105).
let lake: TestLake
let root: SanityClient
const headers = () => ({authorization: `Bearer ${lake.secrets.rootToken}`})

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
})
afterAll(() => lake.stop())

const transactionsOf = async (id: string) => {
  const response = await fetch(
    `${lake.url}/v2025-02-19/data/history/production/transactions/${id}`,
    {
      headers: headers(),
    },
  )
  return (await response.text()).trim()
}
const revisionOf = async (id: string, rev: string) => {
  const response = await fetch(
    `${lake.url}/v2025-02-19/data/history/production/documents/${id}?revision=${rev}`,
    {headers: headers()},
  )
  return JSON.stringify(await response.json())
}
const purge = (id: string) => ({delete: {id, purge: true}}) as unknown as Mutation

describe('delete with purge', () => {
  it('erases every earlier revision and transaction of the document; a plain delete keeps them', async () => {
    const kept = uniqueId('kept')
    const purged = uniqueId('purged')
    for (const id of [kept, purged]) {
      await root.create({_id: id, _type: 'thing', name: 'Zanele Secret-Name'})
      await root.patch(id).set({name: 'Zanele Secret-Name 2'}).commit()
    }
    const firstRev = (await root.getDocument(purged))?._rev as string
    await root.delete(kept)
    await root.mutate([purge(purged)])

    expect(await transactionsOf(kept)).toContain('Zanele Secret-Name')
    expect(await transactionsOf(purged)).toBe('')
    expect(await revisionOf(purged, firstRev)).not.toContain('Zanele')
    expect(await root.getDocument(purged)).toBeUndefined()
  })

  it('lets the same transaction write an anonymised document under the same id, whose history starts there', async () => {
    const id = uniqueId('anon')
    await root.create({_id: id, _type: 'booking', name: 'Pieter Private', pax_total: 3})
    await root.mutate([purge(id), {create: {_id: id, _type: 'booking', pax_total: 3}}])

    expect(await root.getDocument(id)).toMatchObject({pax_total: 3})
    expect(await root.getDocument(id)).not.toHaveProperty('name')
    const log = await transactionsOf(id)
    expect(log.split('\n')).toHaveLength(1)
    expect(log).not.toContain('Pieter')
  })

  it('leaves nothing of the document in the lake’s own files: no freed page or write-ahead log keeps it', async () => {
    const id = uniqueId('on-disk')
    const mark = `Lwazi Ondisk ${id}`
    await root.create({_id: id, _type: 'booking', name: mark, notes: mark.repeat(40)})
    await root.patch(id).set({phone: `${mark} +27 82 555 0101`}).commit()
    await root.mutate([purge(id)], {visibility: 'sync'})
    // Later writes, as a running lake has: the freed space must not hold the old text meanwhile either.
    for (let index = 0; index < 20; index++) await root.create({_type: 'thing', index})
    const files = fs
      .readdirSync(lake.dataDir)
      .filter((name) => name.startsWith('lake.sqlite'))
      .filter((name) => fs.readFileSync(path.join(lake.dataDir, name)).includes(mark))
    expect(files).toEqual([])
  })

  it('refuses purge before API version 2023-03-07 and a purge that is not a boolean, changing nothing', async () => {
    const id = uniqueId('old')
    await root.create({_id: id, _type: 'thing', name: 'Still here'})
    const old = await fetch(`${lake.url}/v2021-06-07/data/mutate/production`, {
      method: 'POST',
      headers: {...headers(), 'content-type': 'application/json'},
      body: JSON.stringify({mutations: [{delete: {id, purge: true}}]}),
    })
    expect(old.status).toBe(400)
    expect(JSON.stringify(await old.json())).toContain('2023-03-07')
    await expect(
      root.mutate([{delete: {id, purge: 'yes'}} as unknown as Mutation]),
    ).rejects.toThrow(/purge.*boolean/)
    expect(await root.getDocument(id)).toMatchObject({name: 'Still here'})
    expect(await transactionsOf(id)).toContain('Still here')
  })

  it('purges through the Actions API too, as hosted’s delete and discard actions do with `purge: true`', async () => {
    const id = uniqueId('action')
    await root.create({_id: id, _type: 'thing', name: 'Action Private'})
    await root.create({_id: `drafts.${id}`, _type: 'thing', name: 'Action Private draft'})
    await root.action({
      actionType: 'sanity.action.document.delete',
      publishedId: id,
      includeDrafts: [`drafts.${id}`],
      purge: true,
    })
    expect(await transactionsOf(id)).toBe('')
    expect(await transactionsOf(`drafts.${id}`)).toBe('')
  })

  it('takes the document functions’ queued and given-up events of the document with it', async () => {
    const id = uniqueId('event')
    await root.create({_id: id, _type: 'thing', name: 'Event Private'})
    const db = new DatabaseSync(path.join(lake.dataDir, 'lake.sqlite'))
    db.exec(`CREATE TABLE IF NOT EXISTS function_events (
      id INTEGER PRIMARY KEY AUTOINCREMENT, function TEXT NOT NULL, dataset TEXT NOT NULL, doc_id TEXT NOT NULL,
      data TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_at INTEGER NOT NULL, last_error TEXT,
      failed INTEGER NOT NULL DEFAULT 0)`)
    db.prepare(
      'INSERT INTO function_events (function, dataset, doc_id, data, next_at, failed) VALUES (?, ?, ?, ?, ?, 1)',
    ).run('notify', 'production', id, JSON.stringify({name: 'Event Private'}), 0)
    await root.mutate([purge(id)])
    expect(
      db.prepare('SELECT count(*) AS n FROM function_events WHERE doc_id = ?').get(id),
    ).toEqual({n: 0})
    db.close()
  })
})
