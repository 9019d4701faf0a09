import {useQuery} from '@tanstack/react-query'
import {Link} from 'react-router-dom'

import {siteSettingsQueryOptions} from '../../features/site/api/get-site-settings'
import {REASSURANCE_TEXT} from '@repo/schemas/content-rules.ts'
import {useT} from '../../i18n/i18n'
import {SITE} from '../../lib/site'
import {LanguageSwitcher} from './language-switcher'

export function SiteFooter() {
  const t = useT()
  // Not suspending: the footer also renders on the error page, when the content service may be down.
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const email = settings?.email ?? SITE.email
  const name = settings?.siteName ?? SITE.name
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">{name}</p>
          <p>{settings?.footerBlurb ?? t('footer.blurb')}</p>
          <p>{settings?.reassuranceText ?? REASSURANCE_TEXT}</p>
        </div>
        <nav aria-label={t('footer.label')}>
          <h2 className="site-footer__heading">{t('footer.explore')}</h2>
          <ul>
            <li>
              <Link to="/experiences">{t('nav.experiences')}</Link>
            </li>
            <li>
              <Link to="/stories">{t('nav.stories')}</Link>
            </li>
            <li>
              <Link to="/itinerary/bespoke-7-day">{t('footer.sampleItinerary')}</Link>
            </li>
            <li>
              <Link to="/about">{t('nav.about')}</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{t('footer.planWithUs')}</h2>
          <ul>
            <li>
              <Link to="/questionnaire">{t('footer.planTrip')}</Link>
            </li>
            <li>
              <Link to="/contact?type=bespoke">{t('footer.talkToPlanner')}</Link>
            </li>
            <li>
              <a href={`mailto:${email}`}>{email}</a>
            </li>
            {settings?.phone ? (
              <li>
                <a href={`tel:${settings.phone.replace(/\s+/g, '')}`}>{settings.phone}</a>
              </li>
            ) : null}
            <li>
              <Link to="/privacy">{t('footer.privacy')}</Link>
            </li>
          </ul>
        </div>
        <LanguageSwitcher />
      </div>
      <p className="container site-footer__legal">
        {t('footer.legal', {year: new Date().getFullYear(), name})}
      </p>
    </footer>
  )
}
