import {parse} from 'groq-js'
import {describe, expect, it} from 'vitest'

import {estimateQueryCost, runsInline} from './run-query.ts'

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

describe('runsInline', () => {
  it('takes the plain list query of one type', () => {
    expect(runsInline('*[_type == "booking"] | order(_createdAt desc)[0...50]{_id, name}', {})).toBe(true)
    expect(runsInline('*[_type == $type] | order(name)[0...$limit]', {type: 'booking', limit: 20})).toBe(true)
  })

  it.each([
    ['a second scan in the projection', '*[_type == "booking"] | order(name)[0...5]{"n": count(*)}'],
    ['a dereference', '*[_type == "booking"] | order(name)[0...5]{"experience": experience->title}'],
    ['a filter beyond the type', '*[_type == "booking" && name match "T*"] | order(name)[0...5]'],
    ['no ordered slice', '*[_type == "booking"]'],
    ['a parse error', '*[_type == "booking"'],
    ['a very long query', `*[_type == "booking"] | order(name)[0...5]{${'name,'.repeat(500)}}`],
  ])('sends a query with %s to a worker', (_, query) => {
    expect(runsInline(query, {})).toBe(false)
  })
})
