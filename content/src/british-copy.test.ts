import fs from 'node:fs'
import path from 'node:path'

import {describe, expect, it} from 'vitest'

import {britishCopyProblems} from '@repo/schemas/british-copy.ts'

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

describe('the seed’s copy', () => {
  it('is British English: no American spellings, no 12-hour times', () => {
    const ndjson = fs.readFileSync(path.join(import.meta.dirname, '../production.ndjson'), 'utf8')
    const problems = ndjson
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as {_id: string})
      .flatMap((doc) => strings(doc, doc._id, []))
      // Addresses (social links, mail) are not prose.
      .filter(([, text]) => !/^https?:\/\//.test(text))
      .flatMap(([at, text]) => britishCopyProblems(text).map((problem) => `${at}: ${problem}`))
    expect(problems).toEqual([])
  })
})
