import {useState} from 'react'

import {Seo} from '../../components/seo'
import {StatusBadge} from '../../features/audit/audit-status'
import {auditExperienceCopy} from '../../features/audit/copy-checks'
import {COPY_AUDIT_SLUGS} from '../../features/audit/known-routes'
import type {ExperienceDetail} from '../../features/experiences/api/experience-fields'
import {useExperiences} from '../../features/experiences/api/get-experiences'
import {ExperienceDetailDialog} from '../../features/experiences/components/experience-detail-dialog'

export function AuditCopyPage() {
  const {data: experiences} = useExperiences()
  const [open, setOpen] = useState<ExperienceDetail | null>(null)
  const rows = COPY_AUDIT_SLUGS.map((slug) => auditExperienceCopy(slug, experiences))
  const passing = rows.filter((row) => row.checks.every((check) => check.status === 'OK')).length

  return (
    <section className="container page-section status-page">
      <Seo
        title="Copy audit (en-GB)"
        description="Internal copy checks."
        path="/audit-copy-enGB"
        noindex
      />
      <h1>Copy audit (en-GB)</h1>
      <p role="status">
        {passing} of {rows.length} experiences pass all three checks.
      </p>
      <table className="audit-table">
        <thead>
          <tr>
            <th scope="col">Experience</th>
            <th scope="col">Checks</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.slug}>
              <th scope="row">
                {row.experience?.title ?? row.slug}
                <br />
                <code>{row.slug}</code>
              </th>
              <td>
                <ul>
                  {row.checks.map((check) => (
                    <li key={check.name}>
                      {check.name}: <StatusBadge status={check.status} />{' '}
                      <span className="muted">{check.detail}</span>
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                <div className="button-row">
                  <a
                    href={`/experiences/${row.slug}#details`}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="button"
                  >
                    View Page
                    <span className="visually-hidden"> for {row.slug} (opens in a new tab)</span>
                  </a>
                  <button
                    type="button"
                    className="button"
                    disabled={!row.experience}
                    onClick={() => setOpen(row.experience)}
                  >
                    Open Modal<span className="visually-hidden"> for {row.slug}</span>
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ExperienceDetailDialog experience={open} onClose={() => setOpen(null)} />
    </section>
  )
}
