import {useRef, type RefObject} from 'react'
import {Link, NavLink} from 'react-router-dom'

import {useT} from '../../i18n/i18n'
import {useModalBehaviour} from '../ui/use-modal-behaviour'
import {BOOK_CTA, MENU_FOCUS_RETURN_MS, NAV_LINKS} from './nav-links'

type MobileMenuProps = {
  open: boolean
  onClose: () => void
  menuButtonRef: RefObject<HTMLButtonElement | null>
}

export const MOBILE_MENU_ID = 'mobile-menu'

export function MobileMenu({open, onClose, menuButtonRef}: MobileMenuProps) {
  const t = useT()
  const ref = useRef<HTMLDivElement>(null)
  useModalBehaviour(ref, {
    open,
    onClose,
    returnFocusRef: menuButtonRef,
    returnFocusDelay: MENU_FOCUS_RETURN_MS,
  })
  // Rendered closed too (hidden), so the early tap on the menu button shows it at once (web/build/keep-early-actions.ts).
  return (
    <div
      hidden={!open}
      data-early-layer=""
      className="mobile-menu__backdrop"
      data-testid="mobile-menu-backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={ref}
        id={MOBILE_MENU_ID}
        role="dialog"
        aria-modal="true"
        aria-label={t('nav.mainMenu')}
        tabIndex={-1}
        className="mobile-menu"
      >
        <button
          type="button"
          className="icon-button mobile-menu__close"
          onClick={onClose}
          aria-label={t('nav.closeMenu')}
        >
          <span aria-hidden="true">×</span>
        </button>
        <nav aria-label={t('nav.menu')}>
          <MenuLinks onChoose={onClose} />
        </nav>
      </div>
    </div>
  )
}

/** The menu's links and its call to action; choosing one closes the menu. */
export function MenuLinks({onChoose}: {onChoose?: () => void}) {
  const t = useT()
  return (
    <>
      <ul className="mobile-menu__list">
        {NAV_LINKS.map((link) => (
          <li key={link.to}>
            <NavLink to={link.to} end={link.end} onClick={onChoose} className="mobile-menu__link">
              {t(link.label)}
            </NavLink>
          </li>
        ))}
      </ul>
      <Link to={BOOK_CTA.to} onClick={onChoose} className="button button--primary mobile-menu__cta">
        {t(BOOK_CTA.label)}
      </Link>
    </>
  )
}
