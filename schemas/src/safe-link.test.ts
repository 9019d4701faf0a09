import {describe, expect, it} from 'vitest'

import {hostileHrefs} from '../../tests/hostile/payloads.ts'
import {linkKind, safeLinkHref} from './safe-link.ts'

describe('the link rule', () => {
  it.each([
    ['https://www.sanparks.org/parks/table-mountain', 'external'],
    ['HTTPS://example.com', 'external'],
    ['http://example.com/a?b=c#d', 'external'],
    ['mailto:hello@capecurated.example?subject=Hi', 'external'],
    ['tel:+27215550123', 'external'],
    ['/experiences/lions-head-sunset-hike', 'site'],
    ['/', 'site'],
    ['/about#team', 'site'],
    ['/search?q=table%20mountain', 'site'],
  ])('links %s', (href, kind) => {
    expect(linkKind(href)).toBe(kind)
    expect(safeLinkHref(href)).toBe(href)
  })

  it.each(hostileHrefs)('renders %j as plain text', (href) => {
    expect(linkKind(href)).toBeNull()
    expect(safeLinkHref(href)).toBeNull()
  })

  it('refuses what is not a string', () => {
    for (const href of [undefined, null, 42, {toString: () => '/'}, ['/']]) expect(linkKind(href)).toBeNull()
  })
})
