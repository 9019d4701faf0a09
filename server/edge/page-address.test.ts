// @vitest-environment node
import fs from 'node:fs'

import {describe, expect, it} from 'vitest'

import {keptPagesOf} from '../start-site.ts'
import {createPageCache, preparePage} from './page-cache.ts'
import {
  canonicalPath,
  isPersonalPath,
  isPrivateLinkPath,
  isSelfPostingLinkPath,
  pageCacheKey,
  vclPersonalPattern,
} from './page-address.ts'

describe('one reading of a page’s address', () => {
  it('spells a path one way: escapes decoded, dot segments resolved, doubled and trailing slashes dropped', () => {
    expect(canonicalPath('/requests/abc')).toBe('/requests/abc')
    expect(canonicalPath('/%72equests/abc')).toBe('/requests/abc')
    expect(canonicalPath('/requests/%61bc/')).toBe('/requests/abc')
    expect(canonicalPath('//requests//abc')).toBe('/requests/abc')
    expect(canonicalPath('/x/../requests/./abc')).toBe('/requests/abc')
    expect(canonicalPath('/%2e%2e/requests/%2E/abc')).toBe('/requests/abc')
    expect(canonicalPath('/stories/caf%c3%a9')).toBe('/stories/caf%C3%A9')
    // An escaped slash stays one segment, escaped; case is kept (tokens are case-sensitive).
    expect(canonicalPath('/requests/a%2Fb')).toBe('/requests/a%2Fb')
    expect(canonicalPath('/Requests/AbC')).toBe('/Requests/AbC')
    expect(canonicalPath('/')).toBe('/')
    expect(canonicalPath('/%E0%A4%A')).toBeUndefined()
  })

  it('finds a personal page under every spelling, and calls an undecodable path personal', () => {
    for (const path of [
      '/requests/abc',
      '/REQUESTS/abc',
      '/%72equests/abc',
      '/x/../Reviews/abc',
      '//admin/bookings',
      '/Privacy/Requests/Download/abc',
      '/waitlist/offers/abc/',
      '/API/staff',
      '/%E0%A4%A',
    ])
      expect(isPersonalPath(path), path).toBe(true)
    for (const path of ['/', '/experiences', '/privacy', '/stories/requests', '/requestsx'])
      expect(isPersonalPath(path), path).toBe(false)
    expect(isPrivateLinkPath('/%52equests/abc')).toBe(true)
    expect(isSelfPostingLinkPath('/PRIVACY/requests/confirm/abc')).toBe(true)
    expect(isSelfPostingLinkPath('/privacy')).toBe(false)
  })

  it('reads a personal page as personal in every language (docs/decisions/247-language-addresses.md)', () => {
    for (const path of [
      '/de/requests/abc',
      '/nl/book/x',
      '/FR/Thank-You',
      '/de/%72eviews/abc',
      '/fr/privacy/requests/download/abc',
    ])
      expect(isPersonalPath(path), path).toBe(true)
    for (const path of [
      '/de',
      '/nl/experiences',
      '/fr/privacy',
      '/de/stories/requests',
      '/dex/requests',
    ])
      expect(isPersonalPath(path), path).toBe(false)
    expect(isPrivateLinkPath('/nl/requests/abc')).toBe(true)
    expect(isSelfPostingLinkPath('/de/waitlist/offers/abc')).toBe(true)
    // Varnish's rule passes the same addresses.
    const vcl = new RegExp(vclPersonalPattern())
    expect(vcl.test('/de/requests/abc')).toBe(true)
    expect(vcl.test('/fr/book?x=1')).toBe(true)
    expect(vcl.test('/de/experiences')).toBe(false)
  })

  it('keys the origin cache on the canonical path and the query parameters pages read, in a fixed order', () => {
    const key = (address: string) => pageCacheKey(new URL(address, 'http://site.test')).key
    expect(key('/experiences?utm_source=x&fbclid=y')).toBe('/experiences')
    expect(key('/experiences?paxA=2&category=walks&nonce=1')).toBe(
      '/experiences?category=walks&paxA=2',
    )
    expect(key('/experiences?category=walks&paxA=2')).toBe(
      key('/experiences?paxA=2&category=walks'),
    )
  })

  it('keeps only so many query variants of one path, so unique queries cannot push other pages out', async () => {
    const cache = createPageCache({maxEntries: 50, maxVariants: 3})
    const page = await preparePage(
      '<p>x</p>',
      {status: 200, headers: {}, tags: new Set()},
      Date.now() + 60_000,
    )
    expect(cache.set('/stories', page, cache.generation)).toBe(true)
    for (let i = 0; i < 10; i++)
      cache.set(`/experiences?date=2026-12-${10 + i}`, page, cache.generation)
    expect(cache.keys().filter((k) => k.startsWith('/experiences?'))).toHaveLength(3)
    expect(cache.get('/stories')).toBeDefined()
  })

  it('is the list Varnish passes, in any letter case, after passing every other spelling', () => {
    const vcl = fs.readFileSync(new URL('../../web/edge/site.vcl', import.meta.url), 'utf8')
    expect(vcl).toContain(`if (std.tolower(req.url) ~ "${vclPersonalPattern()}") {`)
    // Other spellings are passed before it: escapes, backslashes, dot segments, doubled and trailing slashes.
    const variant = /if \(req\.url ~ "(.+)" \|\| req\.url ~ "(.+)"\) \{\n\s+return \(pass\);/.exec(
      vcl,
    )
    expect(variant).not.toBeNull()
    const passed = (url: string) => variant!.slice(1).some((source) => new RegExp(source).test(url))
    for (const url of [
      '/%72equests/a',
      '/x/../requests/a',
      '/./requests/a',
      '//requests/a',
      '/requests/a/',
      '/a\\b',
      '/requests/a/?x=1',
    ])
      expect(passed(url), url).toBe(true)
    for (const url of ['/', '/experiences', '/experiences?category=a/b', '/stories/a.b', '/?x=%20'])
      expect(passed(url), url).toBe(false)
  })

  it('lets an erasure find and drop a kept page that names the person', async () => {
    const cache = createPageCache()
    const prepare = (html: string) =>
      preparePage(html, {status: 200, headers: {}, tags: new Set()}, Date.now() + 60_000)
    cache.set('/a', await prepare('<p>Thandi@Example.com</p>'), cache.generation)
    cache.set('/b', await prepare('<p>Lion’s Head</p>'), cache.generation)
    const kept = keptPagesOf(cache, undefined)
    expect(kept.search(['thandi@example.com'])).toEqual({searched: 2, found: 1})
    await kept.forget(['thandi@example.com'], ['booking:b1'])
    expect(cache.keys()).toEqual(['/b'])
    expect(kept.search(['thandi@example.com'])).toEqual({searched: 1, found: 0})
  })
})
