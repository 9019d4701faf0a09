import {useParams} from 'react-router-dom'

import {PRIVACY_DOWNLOAD_HOURS, PRIVACY_PAGES_PATH} from '@repo/schemas/privacy-request-links.ts'

import {PrivatePage} from '../../components/private-page'
import {Seo} from '../../components/seo'
import {linkProblem} from '../../lib/private-link-query'
import {useAccessCopy} from '../../features/privacy/api/privacy-links'
import {AccessCopyView} from '../../features/privacy/components/access-copy'
import {PrivacyLinkRefused} from '../../features/privacy/components/privacy-link-refused'

/**
 * A traveller's copy of everything held about their address, opened by confirming an access request: rendered on
 * the server with the copy in it, and as data to keep (`.json`), for as long as the link works.
 */
export function PrivacyDownloadPage() {
  const {token = ''} = useParams()
  const {query, refusal} = useAccessCopy(token)
  const seo = (
    <Seo
      title="Your information"
      description="Everything we hold about your email address."
      path="/privacy"
      noindex
    />
  )
  const problem = linkProblem(undefined, refusal, query.error)
  if (problem) return <PrivacyLinkRefused problem={problem} seo={seo} />
  const copy = query.data
  if (!copy)
    return (
      <PrivatePage title="Your information" seo={seo}>
        <p role="status">Opening your information…</p>
      </PrivatePage>
    )
  return (
    <PrivatePage title="Your information" seo={seo}>
      <p className="lead">
        Everything we hold about <strong>{copy.address}</strong>. This page works for{' '}
        {PRIVACY_DOWNLOAD_HOURS} hours.
      </p>
      <p>
        <a
          className="button button--primary"
          href={`${PRIVACY_PAGES_PATH}/download/${encodeURIComponent(token)}.json`}
          download
        >
          Download as JSON
        </a>
      </p>
      <AccessCopyView copy={copy} />
    </PrivatePage>
  )
}
