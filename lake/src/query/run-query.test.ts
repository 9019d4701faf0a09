import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'

import type {SanityDocument} from '../store/types.ts'
import {estimateQueryCost, runQuery} from './run-query.ts'

describe('estimateQueryCost', () => {
  it.each([
    ['*', 100],
    ['*[_type == "booking"]{name}', 100],
    ['*[_type == "booking"]{"n": count(*)}', 100 + 100 * 100],
    ['*[count(*[references(^._id)]) > 0]', 100 + 100 * 100],
    ['*[_type == "booking"] | order(count(*[references(^._id)]))', 100 + 100 * 100],
    ['count(*[count(*[count(*[count(*[count(*[0...5])>0])>0])>0]) > 0])', 100 + 1e4 + 1e6 + 1e8 + 1e10],
  ])('%s on 100 documents costs %d', (query, cost) => {
    expect(estimateQueryCost(parse(query), 100)).toBe(cost)
  })
})

describe('dereferences', () => {
  /** Documents that count how often something walks through all of them. */
  class CountedScans extends Array<SanityDocument> {
    scans = 0;
    override [Symbol.iterator]() {
      this.scans++
      return super[Symbol.iterator]()
    }
  }
  const doc = (fields: Record<string, unknown>) =>
    ({
      _rev: 'r',
      _createdAt: '2026-01-01T00:00:00Z',
      _updatedAt: '2026-01-01T00:00:00Z',
      ...fields,
    }) as SanityDocument

  it('resolves `->` by id, as groq-js does by scanning, without a scan per reference', async () => {
    const documents = new CountedScans()
    for (let n = 0; n < 2000; n++)
      documents.push(
        doc({_id: `booking-${n}`, _type: 'booking', experience: {_ref: `experience-${n % 10}`}}),
      )
    for (let n = 0; n < 10; n++)
      documents.push(doc({_id: `experience-${n}`, _type: 'experience', title: `E${n}`}))
    documents.push(
      doc({_id: 'booking-dangling', _type: 'booking', experience: {_ref: 'experience-gone'}}),
    )
    const query =
      '*[_type == "booking" && experience->title != "E3"]{_id, "title": experience->title}'

    const result = (await runQuery({
      query,
      params: {},
      documents,
      projectId: 'p',
      dataset: 'd',
      maxCost: 1e12,
    })) as unknown[]
    // Without the lookup each of the ~4,000 dereferences would walk the dataset.
    expect(documents.scans).toBeLessThan(10)
    expect(result).toEqual(await (await evaluate(parse(query), {dataset: [...documents]})).get())
    expect(result).toHaveLength(1801)
    expect(result.at(-1)).toEqual({_id: 'booking-dangling', title: null})
  })
})

describe('typed slices', () => {
  const doc = (fields: Record<string, unknown>) =>
    ({_rev: 'r', _createdAt: '2026-01-01T00:00:00Z', _updatedAt: '2026-01-01T00:00:00Z', ...fields}) as SanityDocument
  const documents: SanityDocument[] = []
  for (let n = 0; n < 120; n++) {
    const type = ['booking', 'waitlistEntry', 'octoBooking', 'experience'][n % 4]!
    documents.push(
      doc({_id: `${type}-${n}`, _type: type, date: `2026-0${1 + (n % 9)}-01`, state: n % 3 ? 'offered' : 'on_hold', ref: {_ref: `experience-${(n % 10) * 4 + 3}`}}),
    )
  }
  documents.push(doc({_id: 'drafts.booking-0', _type: 'booking', date: '2026-01-01'}))
  let asked: string[][] = []
  const byType = (types: string[]) => {
    asked.push(types)
    return documents.filter((d) => types.includes(d._type))
  }

  it.each([
    // Each `*` of a query reads its own types: two, not the whole dataset twice.
    '{"offers": *[((_type == "waitlistEntry" && state == "offered") || (_type == "octoBooking" && state == "on_hold")) && date >= "2026-03-01"]{_id}, "requests": *[_type == "booking" && date <= "2026-04-01"]._id}',
    '*[_type in ["booking", "experience"] && count(*[_type == "octoBooking" && ref._ref == ^._id]) > 0]{_id}',
    '*[_type == "booking"]{_id, "title": ref->_id, "all": count(*)}',
    '*[_type == "booking" || date == "2026-02-01"]._id',
    'count(*[_type == "nothing"])',
  ])('%s answers as over the whole dataset', async (query) => {
    asked = []
    const result = await runQuery({query, params: {}, documents, documentsOfTypes: byType, projectId: 'p', dataset: 'd', maxCost: 1e12})
    expect(result).toEqual(await (await evaluate(parse(query), {dataset: documents})).get())
  })

  it('reads the types each filter names, an `||` of typed terms as their union', async () => {
    asked = []
    await runQuery({
      query: '{"a": *[(_type == "waitlistEntry" && state == "offered") || (_type == "octoBooking")], "b": *[_type == "booking"], "c": *[date == "x"]}',
      params: {},
      documents,
      documentsOfTypes: byType,
      projectId: 'p',
      dataset: 'd',
      maxCost: 1e12,
    })
    expect(asked).toEqual([['waitlistEntry', 'octoBooking'], ['booking']])
  })
})
