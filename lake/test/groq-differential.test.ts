import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {evaluate, parse} from 'groq-js'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import type {SanityDocument} from '../src/store/types.ts'
import {generatedDocuments, generatedQueries, handWrittenQueries, seedDocuments, type CorpusQuery} from '../src/testing/groq-corpus.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// Every query answered by the lake over HTTP, through @sanity/client, must equal groq-js's answer on
// the same documents with the same context (hosted follows groq-js): the lake's query plans are only
// shortcuts. A difference is a silently wrong result in production code that passed here.
let lake: TestLake
let root: SanityClient

type PerspectiveName = 'raw' | 'published' | 'drafts'
const references: Record<PerspectiveName, SanityDocument[]> = {raw: [], published: [], drafts: []}

const isPublished = (id: string) => !id.startsWith('drafts.') && !id.startsWith('versions.') && !id.startsWith('_.')
const baseId = (id: string) =>
  id.startsWith('drafts.') ? id.slice(7) : id.startsWith('versions.') ? id.split('.').slice(2).join('.') : id

/** The drafts perspective as Sanity documents it: each document's draft if it has one, under the published id. */
function draftsOverlay(raw: SanityDocument[]): SanityDocument[] {
  const chosen = new Map<string, SanityDocument>()
  for (const doc of raw) {
    if (doc._id.startsWith('versions.') || doc._id.startsWith('_.')) continue
    const base = baseId(doc._id)
    if (doc._id.startsWith('drafts.') || !chosen.has(base)) chosen.set(base, doc)
  }
  return [...chosen].map(([base, doc]) => ({...doc, _id: base, _originalId: doc._id}))
}

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
  const documents = [...seedDocuments(path.resolve(import.meta.dirname, '../../content/production.ndjson')), ...generatedDocuments()]
  const transaction = root.transaction()
  for (const doc of documents) transaction.create(doc)
  await transaction.commit()
  // The lake's own document order is the dataset order groq-js is given: ties keep it.
  const raw = (await root.fetch('*', {}, {perspective: 'raw'})) as SanityDocument[]
  references.raw = raw
  references.published = raw.filter((doc) => isPublished(doc._id))
  references.drafts = draftsOverlay(raw)
}, 60_000)
afterAll(() => lake.stop())

async function reference(corpusQuery: CorpusQuery, perspective: PerspectiveName): Promise<unknown> {
  try {
    const tree = parse(corpusQuery.query, {params: corpusQuery.params ?? {}})
    const value = await evaluate(tree, {
      dataset: references[perspective],
      params: corpusQuery.params ?? {},
      identity: 'root',
      sanity: {projectId: 'local', dataset: 'production'},
    })
    return await value.get()
  } catch (error) {
    return {error: (error as Error).name}
  }
}

async function lakeAnswer(corpusQuery: CorpusQuery, perspective: PerspectiveName): Promise<unknown> {
  try {
    return await root.fetch(corpusQuery.query, corpusQuery.params ?? {}, {perspective})
  } catch {
    return {error: 'GroqError'}
  }
}

/** The queries whose answers differ, with both answers, for a readable failure. */
async function differences(queries: CorpusQuery[], perspectives: PerspectiveName[]) {
  const found: {query: string; perspective: string; lake: unknown; groqJs: unknown}[] = []
  for (const corpusQuery of queries) {
    for (const perspective of perspectives) {
      const [lakeResult, groqJsResult] = await Promise.all([lakeAnswer(corpusQuery, perspective), reference(corpusQuery, perspective)])
      const bothFailed = (lakeResult as {error?: unknown})?.error && (groqJsResult as {error?: unknown})?.error
      if (!bothFailed && JSON.stringify(lakeResult) !== JSON.stringify(groqJsResult)) {
        found.push({query: corpusQuery.query, perspective, lake: lakeResult, groqJs: groqJsResult})
      }
    }
  }
  return found
}

const summary = (found: Awaited<ReturnType<typeof differences>>) =>
  found.map((entry) => `${entry.perspective}: ${entry.query}\n  lake:    ${JSON.stringify(entry.lake)?.slice(0, 300)}\n  groq-js: ${JSON.stringify(entry.groqJs)?.slice(0, 300)}`).join('\n')

describe('GROQ on the lake equals groq-js', () => {
  it(`answers ${handWrittenQueries.length} hand-written queries as groq-js does, in every perspective`, async () => {
    expect(handWrittenQueries.length).toBeGreaterThanOrEqual(90)
    const found = await differences(handWrittenQueries, ['raw', 'published', 'drafts'])
    expect(found, summary(found)).toEqual([])
  })

  it('answers 200 generated queries as groq-js does', async () => {
    const found = await differences(generatedQueries(200), ['raw', 'published'])
    expect(found, summary(found)).toEqual([])
  })
})
