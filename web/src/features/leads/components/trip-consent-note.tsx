import {Link} from 'react-router-dom'

import {TRIP_REQUEST_CONSENT_TEXT} from '@repo/schemas/consent-texts.ts'

/**
 * What the trip forms say about the privacy notice, in the words the server records with the request
 * (`consent_record`), beside the button that sends it.
 */
export function TripConsentNote() {
  return (
    <p className="checkbox__hint trip-consent-note">
      {TRIP_REQUEST_CONSENT_TEXT}{' '}
      <Link to="/privacy" target="_blank" rel="noopener">
        Read the privacy policy
      </Link>{' '}
      (opens in a new tab).
    </p>
  )
}
