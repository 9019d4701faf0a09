import {createHash} from 'node:crypto'

import {describe, expect, it} from 'vitest'

import {inlineCodeHash, markTrusted, newTrustMarker, sealTrustedCode} from './inline-code.ts'

const expected = (code: string) =>
  `'sha256-${createHash('sha256').update(code, 'utf8').digest('base64')}'`

describe('inline code in the page policy', () => {
  it('hashes each trusted inline script and style, and none of the content’s', () => {
    const marker = newTrustMarker()
    const template = markTrusted('<head><style>p{}</style><script>boot()</script></head>', marker)
    const page = sealTrustedCode(`${template}<script>evil()</script>`, marker)
    expect(page.scriptHashes).toEqual([expected('boot()')])
    expect(page.styleHashes).toEqual([expected('p{}')])
    expect(page.html).not.toContain(marker)
  })

  it('gives the same hash for the same code however often, and the right one after many others', () => {
    const first = inlineCodeHash('window.__CONFIG__={}')
    for (let i = 0; i < 500; i++)
      expect(inlineCodeHash(`state(${i})`)).toBe(expected(`state(${i})`))
    expect(inlineCodeHash('window.__CONFIG__={}')).toBe(first)
    expect(first).toBe(expected('window.__CONFIG__={}'))
  })
})
