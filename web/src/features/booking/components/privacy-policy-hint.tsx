import {Link} from 'react-router-dom'

/** Beside a privacy consent's label, not inside it: a tap on the label ticks the box, never leaves the form. */
export function PrivacyPolicyHint() {
  return (
    <>
      <Link to="/privacy" target="_blank" rel="noopener">
        Read the privacy policy
      </Link>{' '}
      (opens in a new tab)
    </>
  )
}
