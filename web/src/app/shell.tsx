import {useQuery} from '@tanstack/react-query'
import type {ReactNode} from 'react'
import {useNavigation} from 'react-router-dom'

import {ConsentBanner} from '../components/layout/consent-banner'
import {ScrollManager} from '../components/layout/scroll-manager'
import {SiteFooter} from '../components/layout/site-footer'
import {SiteNav} from '../components/layout/site-nav'
import {SiteIdentityProvider} from '../components/seo'
import {siteSettingsQueryOptions} from '../features/site/api/get-site-settings'
import {SITE} from '../lib/site'

/** Everything around a page: skip link, fixed navigation, footer, scroll handling and the consent prompt. */
export function Shell({children}: {children: ReactNode}) {
  const navigation = useNavigation()
  const loading = navigation.state === 'loading'
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const identity = {
    name: settings?.siteName ?? SITE.name,
    email: settings?.email ?? SITE.email,
    telephone: settings?.phone ?? null,
  }
  return (
    <SiteIdentityProvider value={identity}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <ScrollManager />
      <SiteNav />
      <div
        className={loading ? 'route-progress route-progress--active' : 'route-progress'}
        aria-hidden="true"
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading ? 'Loading page…' : ''}
      </p>
      <main id="main" tabIndex={-1} aria-busy={loading}>
        {children}
      </main>
      <SiteFooter />
      <ConsentBanner />
    </SiteIdentityProvider>
  )
}
