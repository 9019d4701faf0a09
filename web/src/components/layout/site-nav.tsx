import {useEffect, useRef, useState} from 'react'
import {Link, NavLink, useLocation} from 'react-router-dom'

import {useT} from '../../i18n/i18n'
import {useSiteIdentity} from '../seo'
import {MenuLinks, MobileMenu, MOBILE_MENU_ID} from './mobile-menu'
import {BOOK_CTA, isStaffPage, NAV_LINKS, SOLID_AFTER_PX} from './nav-links'

function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false)
  useEffect(() => {
    const update = () => setPast(window.scrollY > threshold)
    update()
    window.addEventListener('scroll', update, {passive: true})
    return () => window.removeEventListener('scroll', update)
  }, [threshold])
  return past
}

export function SiteNav() {
  const t = useT()
  const solid = useScrolledPast(SOLID_AFTER_PX)
  const identity = useSiteIdentity()
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButtonRef = useRef<HTMLButtonElement>(null)
  const {pathname} = useLocation()

  // A navigation from anywhere (back button, a link in the page) must not leave the menu open over the new page.
  useEffect(() => setMenuOpen(false), [pathname])

  return (
    <header className={solid ? 'site-nav site-nav--solid' : 'site-nav'} data-solid={solid}>
      <div className="site-nav__inner">
        <Link to="/" className="site-nav__brand">
          {identity.name}
        </Link>
        <nav aria-label={t('nav.main')} className="site-nav__links">
          <ul>
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.end} className="site-nav__link">
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {isStaffPage(pathname) ? null : (
          <Link to={BOOK_CTA.to} className="button button--primary site-nav__cta">
            {t(BOOK_CTA.label)}
          </Link>
        )}
        <button
          ref={menuButtonRef}
          type="button"
          className="icon-button site-nav__menu-button needs-scripts"
          aria-label={t('nav.openMenu')}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={MOBILE_MENU_ID}
          data-early-opens={MOBILE_MENU_ID}
          onClick={() => setMenuOpen(true)}
        >
          <span aria-hidden="true">☰</span>
        </button>
        {/* Without scripts the menu is a disclosure of the same links, opened and closed by the browser. */}
        <noscript>
          <details className="site-nav__menu-fallback">
            <summary className="icon-button" aria-label={t('nav.menu')}>
              <span aria-hidden="true">☰</span>
            </summary>
            <nav aria-label={t('nav.menu')} className="mobile-menu">
              <MenuLinks />
            </nav>
          </details>
        </noscript>
      </div>
      <MobileMenu
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        menuButtonRef={menuButtonRef}
      />
    </header>
  )
}
