import {useEffect, useState} from 'react'
import {useLocation} from 'react-router-dom'

import {getConsent, setConsent} from '../../lib/analytics'
import {isStaffPage, isTransactionPage} from './nav-links'

/** Asks once whether anonymous usage events may be sent; `track()` sends nothing until the answer is yes. */
export function ConsentBanner() {
  // Unknown on the server: render nothing there and decide after hydration, so markup never mismatches.
  const [visible, setVisible] = useState(false)
  const {pathname} = useLocation()
  useEffect(() => setVisible(getConsent() === 'unset'), [])
  // While it shows, the page keeps room for it at its end, so it never hides the last button or link for good.
  const shown = visible && !isStaffPage(pathname) && !isTransactionPage(pathname)
  useEffect(() => {
    if (!shown) return
    document.documentElement.classList.add('has-consent-banner')
    return () => document.documentElement.classList.remove('has-consent-banner')
  }, [shown])
  if (!shown) return null
  const choose = (consent: 'granted' | 'denied') => {
    setConsent(consent)
    setVisible(false)
  }
  return (
    <section className="consent-banner" aria-label="Analytics consent">
      <p>
        May we count anonymous page events to improve the site? No advertising, no third parties.
      </p>
      <div className="consent-banner__actions">
        <button type="button" className="button button--primary" onClick={() => choose('granted')}>
          Allow
        </button>
        <button type="button" className="button button--ghost" onClick={() => choose('denied')}>
          Decline
        </button>
      </div>
    </section>
  )
}
