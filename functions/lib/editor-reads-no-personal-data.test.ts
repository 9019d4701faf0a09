import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {REQUEST_PLACES} from './personal-data-map.ts'

// The proof of docs/decisions/175-editors-reach-no-bookings.md on the real lake: an editor's token (the studio's
// role; every studio sign-in has it) reads no personal field of any traveller's request, in any dataset, by any of
// the read endpoints, while the site's own token still reads them. The fields are the personal-data map's, so a
// field added there is checked here too.
let lake: TestLake

/** A request of each type with every personal field set to a value no other document holds. */
const requests = REQUEST_PLACES.map(({type, personal}) => ({
  _id: `editor-proof-${type}`,
  _type: type,
  ...Object.fromEntries(personal.map((field) => [field, `secret-${type}-${field}`])),
}))
const secrets = requests.flatMap((doc) => Object.values(doc).filter((value) => value.startsWith('secret-')))

beforeAll(async () => {
  lake = await startTestLake()
  const write = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  await write.mutate(requests.map((doc) => ({createOrReplace: doc})))
})
afterAll(() => lake.stop())

describe('an editor’s token', () => {
  it('reads no personal field of a traveller’s request in any dataset, by query, document, export or history', async () => {
    expect(secrets.length).toBeGreaterThan(20)
    const datasets = (await lake.client({token: lake.secrets.rootToken}).datasets.list()).map(({name}) => name)
    expect(datasets).toEqual(expect.arrayContaining(['production', 'bookings']))
    const seen: string[] = []
    for (const dataset of datasets) {
      const base = `${lake.url}/v2025-02-19/data`
      const query = encodeURIComponent('*[_type in ["booking", "itineraryRequest"]]')
      const urls = [
        `${base}/query/${dataset}?query=${query}&perspective=raw`,
        `${base}/export/${dataset}`,
        ...requests.map(({_id}) => `${base}/doc/${dataset}/${_id}`),
        ...requests.map(({_id}) => `${base}/history/${dataset}/documents/${_id}`),
      ]
      for (const url of urls) {
        const response = await fetch(url, {headers: {authorization: `Bearer ${lake.secrets.editorToken}`}})
        const body = await response.text()
        seen.push(...secrets.filter((secret) => body.includes(secret)).map((secret) => `${secret} from ${url}`))
      }
    }
    expect(seen).toEqual([])
  })

  it('while the site’s read token, with the same endpoints, does read them: the check can fail', async () => {
    const response = await fetch(`${lake.url}/v2025-02-19/data/export/bookings`, {
      headers: {authorization: `Bearer ${lake.secrets.readToken}`},
    })
    const body = await response.text()
    expect(secrets.filter((secret) => !body.includes(secret))).toEqual([])
  })
})
