import {useQuery} from '@tanstack/react-query'
import {useEffect, useRef, type ReactNode} from 'react'
import {useLocation, useNavigation} from 'react-router-dom'

import {ConsentBanner} from '../components/layout/consent-banner'
import {ScrollManager} from '../components/layout/scroll-manager'
import {SiteFooter} from '../components/layout/site-footer'
import {SiteNav} from '../components/layout/site-nav'
import {SiteIdentityProvider} from '../components/seo'
import {siteSettingsQueryOptions} from '../features/site/api/get-site-settings'
import {useT} from '../i18n/i18n'
import {SITE} from '../lib/site'

/**
 * After a client-side move to another page, focus goes to the main region (without scrolling), so screen readers
 * start reading the new page instead of staying on the link that was followed. Query-only changes (filters, the
 * detail dialog) keep focus where it is.
 */
function useFocusMainOnNavigate() {
  const {pathname} = useLocation()
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    document.getElementById('main')?.focus({preventScroll: true})
  }, [pathname])
}

/**
 * Marks the document once React has taken over the server's markup, so end-to-end tests (and anyone debugging)
 * can tell when buttons start to work, and performs the taps and keys made before then (kept by the page's
 * start-up script, see web/build/keep-early-actions.ts).
 */
function useHydratedMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    window.__earlyActions?.replay()
  }, [])
}

/** Everything around a page: skip link, fixed navigation, footer, scroll handling and the consent prompt. */
export function Shell({children}: {children: ReactNode}) {
  const t = useT()
  const navigation = useNavigation()
  useFocusMainOnNavigate()
  useHydratedMarker()
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
        {t('shell.skipToContent')}
      </a>
      <ScrollManager />
      <SiteNav />
      <div
        className={loading ? 'route-progress route-progress--active' : 'route-progress'}
        aria-hidden="true"
      />
      <p className="visually-hidden" role="status" aria-live="polite">
        {loading ? t('shell.loadingPage') : ''}
      </p>
      <main id="main" tabIndex={-1} aria-busy={loading}>
        {children}
      </main>
      <SiteFooter />
      <ConsentBanner />
    </SiteIdentityProvider>
  )
}
