import {useQuery} from '@tanstack/react-query'
import {Link} from 'react-router-dom'

import {siteSettingsQueryOptions} from '../../features/site/api/get-site-settings'
import {REASSURANCE_TEXT} from '@repo/schemas/content-rules.ts'
import {SITE} from '../../lib/site'

export function SiteFooter() {
  // Not suspending: the footer also renders on the error page, when the content service may be down.
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const email = settings?.email ?? SITE.email
  const name = settings?.siteName ?? SITE.name
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <div>
          <p className="site-footer__brand">{name}</p>
          <p>
            {settings?.footerBlurb ?? 'Small groups, local guides, Cape Town and the Western Cape.'}
          </p>
          <p>{settings?.reassuranceText ?? REASSURANCE_TEXT}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="site-footer__heading">Explore</h2>
          <ul>
            <li>
              <Link to="/experiences">Experiences</Link>
            </li>
            <li>
              <Link to="/stories">Local Stories</Link>
            </li>
            <li>
              <Link to="/itinerary/bespoke-7-day">Sample 7-day itinerary</Link>
            </li>
            <li>
              <Link to="/about">About Us</Link>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">Plan with us</h2>
          <ul>
            <li>
              <Link to="/questionnaire">Plan your trip</Link>
            </li>
            <li>
              <Link to="/contact?type=bespoke">Talk to a planner</Link>
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
              <Link to="/privacy">Privacy</Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="container site-footer__legal">
        © {new Date().getFullYear()} {name}. Prices in South African rand (ZAR).
      </p>
    </footer>
  )
}
