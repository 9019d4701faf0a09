import {QueryClientProvider, type QueryClient} from '@tanstack/react-query'
import type {ReactNode} from 'react'

import {I18nProvider, type SiteI18n} from '../i18n/i18n'

export function AppProvider({
  queryClient,
  i18n,
  children,
}: {
  queryClient: QueryClient
  /** The page's language and catalogue; component tests leave it out and get English (test-setup.ts). */
  i18n?: SiteI18n | undefined
  children: ReactNode
}) {
  const app = <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  return i18n ? <I18nProvider value={i18n}>{app}</I18nProvider> : app
}
