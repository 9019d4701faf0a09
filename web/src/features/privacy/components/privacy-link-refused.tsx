import type {ReactNode} from 'react'
import {Link} from 'react-router-dom'

import {LinkRefused} from '../../../components/private-page'
import type {LinkRefusal} from '../../../lib/private-link-query'

/** A privacy link's page when the link cannot be used: the refusal, and the way back to the privacy page. */
export function PrivacyLinkRefused({problem, seo}: {problem: LinkRefusal; seo: ReactNode}) {
  return (
    <LinkRefused problem={problem} seo={seo}>
      <p>
        <Link to="/privacy">Our privacy page</Link>
      </p>
    </LinkRefused>
  )
}
