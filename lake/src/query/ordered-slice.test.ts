import {evaluate, parse} from 'groq-js'
import {describe, expect, it} from 'vitest'

import type {SanityDocument} from '../store/types.ts'
import {findOrderedSlice} from './ordered-slice.ts'
import {DEFAULT_MAX_QUERY_COST, runQuery} from './run-query.ts'

// Awkward data on purpose: mixed types, missing values, ties, references.
const documents: SanityDocument[] = [
  {_id: 'author.1', _type: 'author', name: 'Thandi'},
  ...Array.from({length: 60}, (_, n) => ({
    _id: `post.${n}`,
    _type: n % 7 === 0 ? 'page' : 'post',
    rank: n % 5 === 0 ? undefined : n % 11 === 0 ? String(n) : n % 4,
    title: `Title ${n % 9}`,
    published: n % 3 === 0,
    author: {_type: 'reference', _ref: 'author.1'},
  })),
]

const plain = async (query: string, params: Record<string, unknown> = {}) =>
  (await evaluate(parse(query, {params}), {dataset: documents, params})).get()

const planned = (query: string, params: Record<string, unknown> = {}) =>
  runQuery({
    query,
    params,
    documents,
    documentsOfTypes: (types) => documents.filter((doc) => types.includes(doc._type)),
    documentsWhere: (attribute: string, value: unknown) => documents.filter((doc) => doc[attribute] === value),
    projectId: 'p',
    dataset: 'd',
    maxCost: DEFAULT_MAX_QUERY_COST,
  })

describe('ordered slices', () => {
  it.each([
    '*[_type == "post"] | order(rank desc)[0...20]',
    '*[_type == "post"] | order(rank asc, title desc)[5...25]',
    '*[_type in ["post", "page"] && published] | order(title)[0..9]{_id, title}',
    '*[_type == "post" && rank > 1] | order(_id desc)[0...10]{_id, "by": author->name}',
    '*[published == $flag] | order(rank desc, _id)[0...100]',
    '*[_type == "post"] | order(published desc, rank)[0...3]',
    '*[_type == "post" && (title match $q || _id match "post.1*")] | order(rank desc)[0...10]',
    '*[_type == "post" && rank == 2 && title match "title*"] | order(_id desc)[0...10]{_id}',
    '*[published == true && _type in ["post", "page"]] | order(rank, _id)[2...12]',
    '*["Title 4" == title] | order(_id)[0...5]',
    '*[_type == "post"] | order(select(published && rank > 1 => 0, 1), _id desc)[0...15]{_id}',
    '*[_type == "post"] | order(select(rank >= $min => 0, 1) asc, rank desc, _id)[3...20]',
    '*[_type == "post"] | order(lower(title) desc, coalesce(rank, -1))[0...30]',
  ])('gives exactly what groq-js gives for %s', async (query) => {
    const params = {flag: false, q: 'title 3', min: 2}
    expect(await planned(query, params)).toEqual(await plain(query, params))
  })
})

describe('ordered slices by computed keys', () => {
  const query = '*[_type == "post"] | order(select(published => 0, 1), _id desc)[0...10]'

  it('are planned (no sort of every match in groq-js)', () => {
    expect(findOrderedSlice(parse(query))?.keys.map((key) => key.attribute)).toEqual([undefined, '_id'])
  })
})

describe('a short head of a long list', () => {
  // Many ties and mixed types, so the head must keep groq-js's order and its dataset-order tie-break.
  const many: SanityDocument[] = Array.from({length: 2000}, (_, n) => ({
    _id: `booking.${n}`,
    _type: 'booking',
    _createdAt: `2026-01-${String(1 + ((n * 7919) % 28)).padStart(2, '0')}T00:00:00Z`,
    pax: n % 13 === 0 ? String(n % 3) : n % 17 === 0 ? undefined : (n * 31) % 9,
  }))
  const run = (query: string) =>
    runQuery({
      query,
      params: {},
      documents: many,
      documentsOfTypes: (types) => many.filter((doc) => types.includes(doc._type)),
      projectId: 'p',
      dataset: 'd',
      maxCost: DEFAULT_MAX_QUERY_COST,
    })

  it.each([
    '*[_type == "booking"] | order(_createdAt desc)[0...50]',
    '*[_type == "booking"] | order(pax, _createdAt desc)[10...60]{_id, pax}',
    '*[_type == "booking"] | order(pax desc)[0...1]',
    '*[_type == "booking"] | order(pax desc)[0...0]',
  ])('is what groq-js sorting everything gives for %s', async (query) => {
    expect(await run(query)).toEqual(await (await evaluate(parse(query), {dataset: many})).get())
  })
})
