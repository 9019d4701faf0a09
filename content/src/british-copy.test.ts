import fs from 'node:fs'
import path from 'node:path'

import {describe, expect, it} from 'vitest'

import {britishCopyProblems, findRandPrices} from '@repo/schemas/british-copy.ts'

/** Every string a traveller may read in the seed, with where it is. */
function strings(value: unknown, at: string, out: [string, string][]) {
  if (typeof value === 'string') out.push([at, value])
  else if (Array.isArray(value)) value.forEach((item, i) => strings(item, `${at}[${i}]`, out))
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value))
      // Ids, keys, types, slugs and asset references are not copy.
      if (!key.startsWith('_') && key !== 'slug' && key !== 'asset')
        strings(item, `${at}.${key}`, out)
  return out
}

/** Every string of the built seed (`production.ndjson`) with where it is, addresses left out. */
function seedStrings() {
  const ndjson = fs.readFileSync(path.join(import.meta.dirname, '../production.ndjson'), 'utf8')
  return (
    ndjson
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as {_id: string})
      .flatMap((doc) => strings(doc, doc._id, []))
      // Addresses (social links, mail) are not prose.
      .filter(([, text]) => !/^https?:\/\//.test(text))
  )
}

describe('the seed’s copy', () => {
  it('is British English: no American spellings, no 12-hour times', () => {
    const problems = seedStrings().flatMap(([at, text]) =>
      britishCopyProblems(text).map((problem) => `${at}: ${problem}`),
    )
    expect(problems).toEqual([])
  })

  it('writes prices as the site’s price formatter does ("ZAR 150"), never "R150"', () => {
    const prices = seedStrings().flatMap(([at, text]) =>
      findRandPrices(text).map(
        (price) => `${at}: "${price}" (write "ZAR ${price.slice(1).trim()}")`,
      ),
    )
    expect(prices).toEqual([])
  })
})
