import {createContext, useContext, useEffect, type ReactNode} from 'react'
import type {Thing, WithContext} from 'schema-dts'

import {
  LANGUAGE_INFO,
  LANGUAGES,
  DEFAULT_LANGUAGE,
  pathIn,
  type Language,
} from '@repo/schemas/languages.ts'
import {useLanguage} from '../i18n/i18n'
import {absoluteUrl, SITE} from '../lib/site'

/** A JSON-LD node: typed with schema-dts where a page builds one (features/reviews/reviews-json-ld.ts). */
export type JsonLd = Record<string, unknown> | WithContext<Thing>

export type SeoData = {
  title: string
  description: string
  /**
   * Path of the canonical URL within the site, e.g. `/experiences`, without the language's prefix (the head adds
   * it); the query string is never part of it.
   */
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
  language: Language = DEFAULT_LANGUAGE
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

/**
 * The page's address in every language, itself included, and `x-default` (English, the root): absolute, the same
 * set on every language's version, as Google reads `hreflang` (docs/decisions/247-language-addresses.md).
 */
export function alternates(path: string): {hreflang: string; href: string}[] {
  return [
    ...LANGUAGES.map((language) => ({
      hreflang: language,
      href: absoluteUrl(pathIn(language, path)),
    })),
    {hreflang: 'x-default', href: absoluteUrl(pathIn(DEFAULT_LANGUAGE, path))},
  ]
}

function headTags(seo: SeoData, identity: SiteIdentity, language: Language): HeadTag[] {
  const url = absoluteUrl(pathIn(language, seo.path))
  const title = pageTitle(seo.title, identity.name)
  const tags: HeadTag[] = [
    {tag: 'meta', attrs: {name: 'description', content: seo.description}},
    {tag: 'link', attrs: {rel: 'canonical', href: url}},
    // A page kept out of search results has no alternates to offer either.
    ...(seo.noindex
      ? []
      : alternates(seo.path).map((alternate): HeadTag => ({
          tag: 'link',
          attrs: {rel: 'alternate', ...alternate},
        }))),
    {tag: 'meta', attrs: {property: 'og:type', content: seo.type ?? 'website'}},
    {tag: 'meta', attrs: {property: 'og:site_name', content: identity.name}},
    {tag: 'meta', attrs: {property: 'og:locale', content: LANGUAGE_INFO[language].ogLocale}},
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

export function renderHeadHtml(
  seo: SeoData,
  identity: SiteIdentity = defaultIdentity,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const lines = [`<title>${escapeAttr(pageTitle(seo.title, identity.name))}</title>`]
  for (const tag of headTags(seo, identity, language)) {
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

function applyToDocument(seo: SeoData, identity: SiteIdentity, language: Language) {
  document.title = pageTitle(seo.title, identity.name)
  for (const old of document.head.querySelectorAll('[data-seo]')) old.remove()
  for (const tag of headTags(seo, identity, language)) {
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
  const language = useLanguage()
  // Render order is parent before child, so the page's declaration overwrites the layout's.
  if (collector) {
    collector.seo = props
    collector.identity = identity
    collector.language = language
  }
  const key = JSON.stringify([props, identity, language])
  useEffect(() => {
    const [seo, site, lang] = JSON.parse(key) as [SeoData, SiteIdentity, Language]
    applyToDocument(seo, site, lang)
  }, [key])
  return null
}
