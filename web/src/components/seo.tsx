import {createContext, useContext, useEffect, type ReactNode} from 'react'
import type {Thing, WithContext} from 'schema-dts'

import {absoluteUrl, SITE} from '../lib/site'

/** A JSON-LD node: typed with schema-dts where a page builds one (features/reviews/reviews-json-ld.ts). */
export type JsonLd = Record<string, unknown> | WithContext<Thing>

export type SeoData = {
  title: string
  description: string
  /** Path of the canonical URL, e.g. `/experiences`; the query string is never part of it. */
  path: string
  image?: string | undefined
  type?: 'website' | 'article'
  /** Internal pages (audits, dashboard, thank-you) stay out of search results. */
  noindex?: boolean
  jsonLd?: JsonLd[]
}

/**
 * The server renders with a collector in context and writes what the deepest page declared into `<head>`; in the
 * browser the same component updates the live head after client-side navigation. It renders nothing, so the
 * hydrated markup never differs from the server's.
 */
export class HeadCollector {
  seo: SeoData | undefined
  identity: SiteIdentity = defaultIdentity
}

const HeadContext = createContext<HeadCollector | null>(null)

export function HeadProvider({
  collector,
  children,
}: {
  collector: HeadCollector
  children: ReactNode
}) {
  return <HeadContext.Provider value={collector}>{children}</HeadContext.Provider>
}

/** Who runs the site, for the site-wide `Organization` JSON-LD; the app fills it from the site settings. */
export type SiteIdentity = {name: string; email: string; telephone: string | null}

const defaultIdentity: SiteIdentity = {name: SITE.name, email: SITE.email, telephone: SITE.phone}
const SiteIdentityContext = createContext<SiteIdentity>(defaultIdentity)
export const SiteIdentityProvider = SiteIdentityContext.Provider
export const useSiteIdentity = () => useContext(SiteIdentityContext)

export function organizationJsonLd(identity: SiteIdentity): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    'name': identity.name,
    'url': SITE.url,
    'email': identity.email,
    ...(identity.telephone ? {telephone: identity.telephone} : {}),
    'address': {'@type': 'PostalAddress', 'addressLocality': 'Cape Town', 'addressCountry': 'ZA'},
  }
}

export function pageTitle(title: string, siteName: string = SITE.name): string {
  return title === siteName ? title : `${title} | ${siteName}`
}

type HeadTag =
  | {tag: 'meta'; attrs: Record<string, string>}
  | {tag: 'link'; attrs: Record<string, string>}
  | {tag: 'script'; json: JsonLd}

function headTags(seo: SeoData, identity: SiteIdentity): HeadTag[] {
  const url = absoluteUrl(seo.path)
  const title = pageTitle(seo.title, identity.name)
  const tags: HeadTag[] = [
    {tag: 'meta', attrs: {name: 'description', content: seo.description}},
    {tag: 'link', attrs: {rel: 'canonical', href: url}},
    {tag: 'meta', attrs: {property: 'og:type', content: seo.type ?? 'website'}},
    {tag: 'meta', attrs: {property: 'og:site_name', content: identity.name}},
    {tag: 'meta', attrs: {property: 'og:locale', content: SITE.locale}},
    {tag: 'meta', attrs: {property: 'og:title', content: title}},
    {tag: 'meta', attrs: {property: 'og:description', content: seo.description}},
    {tag: 'meta', attrs: {property: 'og:url', content: url}},
    {
      tag: 'meta',
      attrs: {name: 'twitter:card', content: seo.image ? 'summary_large_image' : 'summary'},
    },
  ]
  if (seo.image) tags.push({tag: 'meta', attrs: {property: 'og:image', content: seo.image}})
  if (seo.noindex) tags.push({tag: 'meta', attrs: {name: 'robots', content: 'noindex, nofollow'}})
  for (const json of [organizationJsonLd(identity), ...(seo.jsonLd ?? [])])
    tags.push({tag: 'script', json})
  return tags
}

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** `<` is escaped so content can never close the script element early. */
export const serializeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')

export function renderHeadHtml(seo: SeoData, identity: SiteIdentity = defaultIdentity): string {
  const lines = [`<title>${escapeAttr(pageTitle(seo.title, identity.name))}</title>`]
  for (const tag of headTags(seo, identity)) {
    if (tag.tag === 'script') {
      lines.push(`<script type="application/ld+json" data-seo>${serializeJson(tag.json)}</script>`)
    } else {
      const attrs = Object.entries(tag.attrs)
        .map(([key, value]) => `${key}="${escapeAttr(value)}"`)
        .join(' ')
      lines.push(`<${tag.tag} ${attrs} data-seo>`)
    }
  }
  return lines.join('\n    ')
}

function applyToDocument(seo: SeoData, identity: SiteIdentity) {
  document.title = pageTitle(seo.title, identity.name)
  for (const old of document.head.querySelectorAll('[data-seo]')) old.remove()
  for (const tag of headTags(seo, identity)) {
    const element = document.createElement(tag.tag)
    if (tag.tag === 'script') {
      element.setAttribute('type', 'application/ld+json')
      element.textContent = JSON.stringify(tag.json)
    } else {
      for (const [key, value] of Object.entries(tag.attrs)) element.setAttribute(key, value)
    }
    element.setAttribute('data-seo', '')
    document.head.append(element)
  }
}

export function Seo(props: SeoData) {
  const collector = useContext(HeadContext)
  const identity = useContext(SiteIdentityContext)
  // Render order is parent before child, so the page's declaration overwrites the layout's.
  if (collector) {
    collector.seo = props
    collector.identity = identity
  }
  const key = JSON.stringify([props, identity])
  useEffect(() => {
    const [seo, site] = JSON.parse(key) as [SeoData, SiteIdentity]
    applyToDocument(seo, site)
  }, [key])
  return null
}
