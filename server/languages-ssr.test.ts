// @vitest-environment node
import {describe, expect, it} from 'vitest'

import {LANGUAGE_INFO, LANGUAGES, type Language} from '@repo/schemas/languages.ts'

import {createSiteApp} from './create-site-app'
import {render} from '../web/src/entry-server'
import type {GroqFetcher} from '../web/src/lib/sanity-fetch'
import {SITE as WEB_SITE} from '../web/src/lib/site'
import {fixtureFetcher} from '../web/src/test/render-app'

// The site's address as the pages' heads write it, so the sitemap and the heads name the same pages.
const SITE = WEB_SITE.url
const template =
  '<!doctype html><html lang="en-GB"><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--></body></html>'

// The fixtures' content, and the sitemap's list of it (the one published experience).
const fetcher: GroqFetcher = (query, params) =>
  query.includes('"experiences": *[')
    ? Promise.resolve({experiences: [{slug: 'lions-head-sunset-hike'}], stories: []})
    : fixtureFetcher(query, params)

const siteApp = () =>
  createSiteApp({
    getRender: async () => render,
    getTemplate: async () => template,
    fetcher,
    siteUrl: SITE,
  })

type Head = {lang: string; canonical: string; alternates: Map<string, string>}

function readHead(html: string): Head {
  const lang = /<html lang="([^"]+)"/.exec(html)?.[1] ?? ''
  const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? ''
  const alternates = new Map<string, string>()
  for (const [, hreflang, href] of html.matchAll(
    /<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g,
  )) {
    expect(alternates.has(hreflang!), `hreflang ${hreflang} given twice`).toBe(false)
    alternates.set(hreflang!, href!)
  }
  return {lang, canonical, alternates}
}

describe('every public page in every language (docs/decisions/247-language-addresses.md)', () => {
  it('has complete, reciprocal, self-referencing hreflang alternates with x-default, and its own lang', async () => {
    const app = siteApp()
    // The crawl starts from the sitemap: every public page in every language.
    const sitemap = await (await app.request('/sitemap.xml')).text()
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!)
    expect(locs.length).toBeGreaterThanOrEqual(9 * LANGUAGES.length)
    expect(locs).toContain(`${SITE}/de/experiences/lions-head-sunset-hike`)
    expect(locs).toContain(`${SITE}/nl`)

    const heads = new Map<string, Head>()
    for (const loc of locs) {
      const response = await app.request(loc)
      expect(response.status, loc).toBe(200)
      heads.set(loc, readHead(await response.text()))
    }
    for (const [loc, head] of heads) {
      const language: Language = (LANGUAGES as readonly string[]).includes(
        new URL(loc).pathname.split('/')[1]!,
      )
        ? (new URL(loc).pathname.split('/')[1] as Language)
        : 'en'
      // lang matches the address's language; the canonical is the page itself.
      expect(head.lang, loc).toBe(LANGUAGE_INFO[language].htmlLang)
      expect(head.canonical, loc).toBe(loc)
      // Complete: every language and x-default, absolute addresses on the site.
      expect([...head.alternates.keys()].sort(), loc).toEqual([...LANGUAGES, 'x-default'].sort())
      for (const href of head.alternates.values())
        expect(href.startsWith(`${SITE}/`), href).toBe(true)
      // Self-referencing, and x-default is the English page.
      expect(head.alternates.get(language), loc).toBe(loc)
      expect(head.alternates.get('x-default'), loc).toBe(head.alternates.get('en'))
      // Reciprocal: each alternate is a crawled page in that language naming the same set.
      for (const other of LANGUAGES) {
        const alternate = heads.get(head.alternates.get(other)!)
        expect(alternate, `${loc} → ${other}`).toBeDefined()
        expect(alternate!.lang).toBe(LANGUAGE_INFO[other].htmlLang)
        expect(alternate!.alternates).toEqual(head.alternates)
      }
    }
    // The sitemap lists the same alternates as the heads.
    const german = heads.get(`${SITE}/de/about`)!
    for (const [hreflang, href] of german.alternates)
      expect(sitemap).toContain(
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`,
      )
  })

  it('renders the German page with German navigation, links that stay in German and a switcher to the same page', async () => {
    const response = await siteApp().request('/de/experiences?category=walks')
    const html = await response.text()
    expect(response.headers.get('cache-tag')?.split(',')).toContain('lang:de')
    expect(html).toContain('<html lang="de"')
    expect(html).toMatch(
      /<a [^>]*class="site-nav__link[^"]*" href="\/de\/experiences"[^>]*>Erlebnisse<\/a>/,
    )
    expect(html).toMatch(/href="\/de\/about"[^>]*>Über uns<\/a>/)
    expect(html).toContain('>Erlebnis buchen</a>')
    expect(html).toContain('aria-label="Sprache"')
    // The switcher keeps the page and its query.
    expect(html).toContain(
      'href="/nl/experiences?category=walks" hrefLang="nl" lang="nl">Nederlands</a>',
    )
    expect(html).toContain(
      'href="/experiences?category=walks" hrefLang="en" lang="en-GB">English</a>',
    )
    expect(html).toMatch(
      /href="\/de\/experiences\?category=walks" hrefLang="de" lang="de" aria-current="true"/,
    )
    // Only the page's language's catalogue is sent.
    expect(html).toContain('window.__I18N__={"language":"de"')
    expect(html).not.toContain('Local Stories')
    expect(html).not.toContain('Skip to content')
  })

  it('keeps redirects and the not-found page in the visitor’s language', async () => {
    const about = await siteApp().request('/fr/about-us?ref=mail')
    expect(about.status).toBe(301)
    expect(about.headers.get('location')).toBe('/fr/about?ref=mail')
    const missing = await siteApp().request('/nl/no-such-page')
    expect(missing.status).toBe(404)
    const html = await missing.text()
    expect(html).toContain('<html lang="nl"')
    expect(html).toContain('Over ons')
  })

  it('answers a personal page in another language uncached, as in English', async () => {
    const response = await siteApp().request('/de/thank-you')
    expect(response.headers.get('cache-control')).toContain('no-store')
  })
})
