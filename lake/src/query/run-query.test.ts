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
