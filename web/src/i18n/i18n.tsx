import {setupI18n, type I18n, type Messages} from '@lingui/core'
import {createContext, useContext, type ReactNode} from 'react'

import {DEFAULT_LANGUAGE, type Language} from '@repo/schemas/languages.ts'
import type {MessageId} from './messages/en'

/**
 * The page's language and its catalogue, compiled by the server (catalogues.ts) and sent with the page as
 * `window.__I18N__`: the browser never loads another language's messages nor an ICU parser
 * (docs/decisions/246-interface-strings-with-lingui.md).
 */
export type PageI18n = {language: Language; messages: Messages}

declare global {
  interface Window {
    __I18N__?: PageI18n
  }
}

export type SiteI18n = {language: Language; i18n: I18n}

export function createSiteI18n({language, messages}: PageI18n): SiteI18n {
  return {language, i18n: setupI18n({locale: language, messages: {[language]: messages}})}
}

const I18nContext = createContext<SiteI18n | null>(null)

/**
 * What renders without a provider (component tests) uses; the test set-up installs English. The site itself always
 * renders inside `I18nProvider` (main.tsx, entry-server.tsx).
 */
let fallback: SiteI18n | null = null
export const setFallbackI18n = (value: SiteI18n | null) => {
  fallback = value
}

export function I18nProvider({value, children}: {value: SiteI18n; children: ReactNode}) {
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>
}

function useSiteI18n(): SiteI18n {
  const value = useContext(I18nContext) ?? fallback
  if (!value) throw new Error('No I18nProvider above this component')
  return value
}

/** The page's language. */
export const useLanguage = (): Language =>
  useContext(I18nContext)?.language ?? fallback?.language ?? DEFAULT_LANGUAGE

export type Translate = (id: MessageId, values?: Record<string, unknown>) => string

/** The words of a message in the page's language, formatted by Lingui (ICU plurals, values). */
export function useT(): Translate {
  const {i18n} = useSiteI18n()
  return (id, values) => i18n._(id, values)
}
