import type {SitemapQueryResult} from '@repo/schemas/sanity.types'

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

  const urls = entries.map(({path, lastmod}) => {
    const loc = `<loc>${escapeXml(new URL(path, `${siteUrl}/`).toString())}</loc>`
    return `  <url>${loc}${lastmod ? `<lastmod>${escapeXml(lastmod.slice(0, 10))}</lastmod>` : ''}</url>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
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
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n')
}
