import type {SitemapQueryResult} from '@repo/schemas/sanity.types'
import {DEFAULT_LANGUAGE, LANGUAGES, pathIn} from '@repo/schemas/languages.ts'

import type {GroqFetcher} from '../web/src/lib/sanity-fetch'
import {sitemapQuery} from './queries/sitemap-query.ts'

/** Public pages that exist whatever the content says. Internal pages (audits, dashboard) are left out. */
export const STATIC_PATHS = [
  '/',
  '/experiences',
  '/about',
  '/stories',
  '/itinerary/bespoke-7-day',
  '/questionnaire',
  '/privacy',
  '/contact',
] as const

const escapeXml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export async function buildSitemap(fetcher: GroqFetcher, siteUrl: string): Promise<string> {
  const content = (await fetcher(sitemapQuery, {})) as SitemapQueryResult
  const entries: {path: string; lastmod?: string | undefined}[] = STATIC_PATHS.map((path) => ({
    path,
  }))
  for (const experience of content.experiences ?? [])
    entries.push({path: `/experiences/${experience.slug}`, lastmod: experience._updatedAt})
  for (const story of content.stories ?? [])
    entries.push({path: `/stories/${story.slug}`, lastmod: story._updatedAt})

  // Every page in every language, each with the same alternates as its head: all four languages and x-default
  // (docs/decisions/247-language-addresses.md).
  const at = (path: string) => escapeXml(new URL(path, `${siteUrl}/`).toString())
  const urls = entries.flatMap(({path, lastmod}) => {
    const alternates = [
      ...LANGUAGES.map((language) => [language, pathIn(language, path)] as const),
      ['x-default', pathIn(DEFAULT_LANGUAGE, path)] as const,
    ].map(
      ([hreflang, href]) =>
        `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${at(href)}"/>`,
    )
    return LANGUAGES.map((language) => {
      const loc = `<loc>${at(pathIn(language, path))}</loc>`
      const modified = lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : ''
      return `  <url>${loc}${modified}${alternates.join('')}</url>`
    })
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export function buildRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin/',
    'Disallow: /api/',
    'Disallow: /book/',
    ...LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE).map(
      (language) => `Disallow: ${pathIn(language, '/book/')}`,
    ),
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
