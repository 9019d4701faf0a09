import type {ContentSourceMap, SanityClient} from '@sanity/client'
import {stegaClean} from '@sanity/client/stega'
import {vercelStegaDecode} from '@vercel/stega'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// Content Source Maps through the real client: `resultSourceMap` in the raw response, and stega
// strings that decode to the document and field the value came from.
let lake: TestLake
let root: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
  await root
    .transaction()
    .create({_id: 'csm-guide', _type: 'guide', name: 'Thandi'})
    .create({
      _id: 'csm-hike',
      _type: 'experience',
      title: "Lion's Head at sunset",
      slug: {_type: 'slug', current: 'lions-head'},
      guide: {_type: 'reference', _ref: 'csm-guide'},
      faqs: [
        {_key: 'f1', question: 'How fit?', answer: 'Moderately'},
        {_key: 'f2', question: 'What to bring?', answer: 'Water'},
      ],
      price: 450,
    })
    .create({_id: 'drafts.csm-hike', _type: 'experience', title: "Lion's Head (draft)", slug: {_type: 'slug', current: 'lions-head'}, guide: {_type: 'reference', _ref: 'csm-guide'}, faqs: [], price: 500})
    .commit()
})
afterAll(() => lake.stop())

async function sourceMap(query: string, perspective: 'published' | 'drafts', mode: true | 'withKeyArraySelector' = true) {
  const response = (await root.fetch(query, {}, {perspective, resultSourceMap: mode, filterResponse: false})) as {
    result: unknown
    resultSourceMap: ContentSourceMap
  }
  const {documents, paths, mappings} = response.resultSourceMap
  const resolve = (resultPath: string) => {
    const mapping = mappings[resultPath]
    if (!mapping || mapping.source.type !== 'documentValue') return undefined
    return {id: documents[mapping.source.document]!._id, path: paths[mapping.source.path]}
  }
  return {result: response.result, resolve}
}

describe('content source maps', () => {
  it('maps projected attributes, joins and nested objects to their document and path', async () => {
    const {result, resolve} = await sourceMap(
      '*[_type == "experience" && _id == "csm-hike"][0]{title, "slug": slug.current, "guide": guide->name, faqs[]{question}, "count": count(faqs), price}',
      'published',
    )
    expect(result).toMatchObject({title: "Lion's Head at sunset", guide: 'Thandi', count: 2})
    expect(resolve("$['title']")).toEqual({id: 'csm-hike', path: "$['title']"})
    expect(resolve("$['slug']")).toEqual({id: 'csm-hike', path: "$['slug']['current']"})
    expect(resolve("$['guide']")).toEqual({id: 'csm-guide', path: "$['name']"})
    expect(resolve("$['faqs'][1]['question']")).toEqual({id: 'csm-hike', path: "$['faqs'][1]['question']"})
    expect(resolve("$['price']")).toEqual({id: 'csm-hike', path: "$['price']"})
    // Computed values come from no field.
    expect(resolve("$['count']")).toBeUndefined()
  })

  it('points drafts-perspective values at the draft, and uses key selectors when asked', async () => {
    const drafts = await sourceMap('*[_id == "csm-hike"]{title}', 'drafts')
    expect(drafts.result).toEqual([{title: "Lion's Head (draft)"}])
    expect(drafts.resolve("$[0]['title']")).toEqual({id: 'drafts.csm-hike', path: "$['title']"})

    const keyed = await sourceMap('*[_id == "csm-hike"][0]{faqs}', 'published', 'withKeyArraySelector')
    expect(keyed.resolve("$['faqs']")).toEqual({id: 'csm-hike', path: "$['faqs']"})
    const whole = await sourceMap('*[_id == "csm-hike"][0].faqs[1]', 'published', 'withKeyArraySelector')
    expect(whole.resolve('$')).toEqual({id: 'csm-hike', path: "$['faqs'][?(@._key=='f2')]"})
  })

  it('lets @sanity/client encode stega strings that decode to the right document and field', async () => {
    const client = root.withConfig({perspective: 'drafts', stega: {enabled: true, studioUrl: '/studio'}})
    const page = await client.fetch('*[_id == "csm-hike"][0]{title, "guide": guide->name, "slug": slug.current}')
    // Slugs are compared by code: the client leaves them clean; titles carry their origin invisibly.
    expect(page.slug).toBe('lions-head')
    expect(stegaClean(page.title)).toBe("Lion's Head (draft)")
    expect(page.title).not.toBe("Lion's Head (draft)")
    // The edit link names the document (by its published id, as the studio opens it) and the field.
    const decoded = vercelStegaDecode(page.title) as {href: string}
    expect(decoded.href).toMatch(/^\/studio\/intent\/edit\/mode=presentation;id=csm-hike;type=experience;path=title/)
    expect((vercelStegaDecode(page.guide) as {href: string}).href).toContain('id=csm-guide')
  })

  it('gives no source map unless asked, and never changes the result', async () => {
    const query = '*[_type == "experience"] | order(_id){title, "n": count(faqs)}'
    const plain = (await root.fetch(query, {}, {filterResponse: false})) as {result: unknown; resultSourceMap?: unknown}
    expect(plain.resultSourceMap).toBeUndefined()
    const mapped = (await root.fetch(query, {}, {resultSourceMap: true, filterResponse: false})) as {result: unknown}
    expect(mapped.result).toEqual(plain.result)
  })
})

describe('the result-size limit with a source map', () => {
  let small: TestLake
  beforeAll(async () => {
    small = await startTestLake({maxQueryResultBytes: 8 * 1024})
    const tx = small.client({token: small.secrets.rootToken}).transaction()
    for (let n = 0; n < 100; n++) tx.create({_id: `item-${n}`, _type: 'item', a: n, b: n, c: n})
    await tx.commit()
  })
  afterAll(() => small.stop())

  it('counts the source map with the result: an answer within the limit alone is refused once its map is added', async () => {
    const client = small.client({token: small.secrets.rootToken})
    const query = '*[_type == "item"] | order(a asc){a, b, c}'
    // About 2.5 KB of result; its map names a document and path for each of the 300 values.
    expect(await client.fetch(query)).toHaveLength(100)
    const refused = await client
      .fetch(query, {}, {resultSourceMap: true})
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({
      statusCode: 400,
      details: {
        type: 'queryExecutionError',
        description: expect.stringMatching(
          /^Query result with its source map is too large: more than \d+ KB, over the limit of 8 KB/,
        ),
      },
    })
    // A slice within the limit keeps its map.
    const sliced = (await client.fetch(
      `${query}[0...5]`,
      {},
      {resultSourceMap: true, filterResponse: false},
    )) as {
      result: unknown[]
      resultSourceMap: ContentSourceMap
    }
    expect(sliced.result).toHaveLength(5)
    expect(Object.keys(sliced.resultSourceMap.mappings)).toContain("$[4]['c']")
  })
})
