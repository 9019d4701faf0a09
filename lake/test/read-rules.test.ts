import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// Hosted's read rule for public datasets: anonymous callers see documents at the root path only. An id
// with a dot (`drafts.x`, `versions.r.x`, `settings.x`) is "under a path" and needs a token
// (https://www.sanity.io/docs/ids). Checked on every endpoint a caller can read through.
let lake: TestLake
let root: SanityClient
let anonymous: SanityClient
let reader: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
  anonymous = lake.client()
  reader = lake.client({token: lake.secrets.readToken})
  await root
    .transaction()
    .create({_id: 'rules-open', _type: 'rulesNote', title: 'Open'})
    .create({_id: 'drafts.rules-open', _type: 'rulesNote', title: 'Open (draft)'})
    .create({_id: 'rules.hidden', _type: 'rulesNote', title: 'Under a path'})
    .create({_id: 'versions.spring.rules-open', _type: 'rulesNote', title: 'Spring'})
    .commit()
})
afterAll(() => lake.stop())

const ids = (docs: {_id: string}[]) => docs.map((doc) => doc._id).sort()

describe('anonymous reads of a public dataset', () => {
  it('queries see root-path documents only, whatever perspective is asked for', async () => {
    for (const perspective of ['raw', 'published', 'drafts'] as const) {
      expect(ids(await anonymous.fetch('*[_type == "rulesNote"]{_id}', {}, {perspective})), perspective).toEqual(['rules-open'])
    }
    expect(await anonymous.fetch('*[_id == "rules.hidden"][0]')).toBeNull()
    expect(await anonymous.fetch('count(*[_id == "rules.hidden" || _id == "drafts.rules-open"])')).toBe(0)
    // The equality index and the ordered-slice plan answer from the same view.
    expect(await anonymous.fetch('*[_type == "rulesNote" && title == "Under a path"] | order(_id)[0...5]._id')).toEqual([])
  })

  it('tokens see every path, as before', async () => {
    expect(ids(await reader.fetch('*[_type == "rulesNote"]{_id}', {}, {perspective: 'raw'}))).toEqual([
      'drafts.rules-open',
      'rules-open',
      'rules.hidden',
      'versions.spring.rules-open',
    ])
    expect(await reader.fetch('*[_type == "rulesNote"]._id', {}, {perspective: 'published'})).toContain('rules.hidden')
  })

  it('the doc endpoint reports documents under a path as omitted for permission', async () => {
    const response = await fetch(`${lake.url}/v2025-02-19/data/doc/production/rules-open,rules.hidden,drafts.rules-open`)
    const body = (await response.json()) as {documents: {_id: string}[]; omitted: {id: string; reason: string}[]}
    expect(body.documents.map((doc) => doc._id)).toEqual(['rules-open'])
    expect(body.omitted).toEqual([
      {id: 'rules.hidden', reason: 'permission'},
      {id: 'drafts.rules-open', reason: 'permission'},
    ])
  })

  it('listeners hear about root-path documents only', async () => {
    const events: string[] = []
    const subscription = anonymous
      .listen('*[_type == "rulesNote"]', {}, {includeResult: false})
      .subscribe((event) => {
        if (event.type === 'mutation') events.push(event.documentId)
      })
    await new Promise((resolve) => setTimeout(resolve, 200))
    await root.patch('rules.hidden').set({title: 'Changed under a path'}).commit()
    await root.patch('rules-open').set({title: 'Changed'}).commit()
    await expect.poll(() => events).toEqual(['rules-open'])
    subscription.unsubscribe()
  })

  it('history, exports and grants follow the same rule', async () => {
    expect((await fetch(`${lake.url}/v2025-02-19/data/history/production/transactions/rules.hidden`)).status).toBe(401)
    const exported = await (await fetch(`${lake.url}/v2025-02-19/data/export/production`)).text()
    expect(exported).toContain('"rules-open"')
    expect(exported).not.toContain('rules.hidden')
    const grants = (await (await fetch(`${lake.url}/v2025-02-19/projects/local/datasets/production/acl`)).json()) as {filter: string}[]
    expect(grants[0]?.filter).toBe('_id in path("*")')
  })
})
