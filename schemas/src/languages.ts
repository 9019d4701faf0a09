/**
 * The site's languages (docs/decisions/247-language-addresses.md): English at the root, the others under their own
 * prefix. The one list the router, the head's alternates, the sitemap, the cache and the catalogues read.
 */
export const LANGUAGES = ['en', 'de', 'nl', 'fr'] as const
export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

/** Each language's `<html lang>`, Open Graph locale and its own name (what the language switcher shows). */
export const LANGUAGE_INFO: Record<Language, {htmlLang: string; ogLocale: string; name: string}> = {
  en: {htmlLang: 'en-GB', ogLocale: 'en_GB', name: 'English'},
  de: {htmlLang: 'de', ogLocale: 'de_DE', name: 'Deutsch'},
  nl: {htmlLang: 'nl', ogLocale: 'nl_NL', name: 'Nederlands'},
  fr: {htmlLang: 'fr', ogLocale: 'fr_FR', name: 'Français'},
}

export const isLanguage = (value: unknown): value is Language =>
  (LANGUAGES as readonly unknown[]).includes(value)

/** The router's basename for a language: `''` for English, `/de` for German. */
export const languagePrefix = (language: Language) =>
  language === DEFAULT_LANGUAGE ? '' : `/${language}`

/**
 * The language an address is in and the path within it: `/de/experiences` is German `/experiences`, `/de` German
 * `/`; an address without a language's prefix is English. The prefix is matched exactly (case-sensitive, as the
 * routes are).
 */
export function languageOfPath(pathname: string): {language: Language; path: string} {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname)
  if (match && isLanguage(match[1]) && match[1] !== DEFAULT_LANGUAGE)
    return {language: match[1], path: match[2] || '/'}
  return {language: DEFAULT_LANGUAGE, path: pathname}
}

/** The address of `path` (a path within the site, `/experiences`) in `language`: `/de/experiences`, `/de`. */
export function pathIn(language: Language, path: string): string {
  const prefix = languagePrefix(language)
  if (!prefix) return path
  return path === '/' ? prefix : `${prefix}${path}`
}
