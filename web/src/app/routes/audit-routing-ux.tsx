import {useQuery} from '@tanstack/react-query'
import {useState} from 'react'

import {Seo} from '../../components/seo'
import {StatusBadge} from '../../features/audit/audit-status'
import {runRoutingChecks, type RoutingCheck} from '../../features/audit/routing-checks'
import {siteSettingsQueryOptions} from '../../features/site/api/get-site-settings'
import {SITE} from '../../lib/site'

export function AuditRoutingUxPage() {
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const [checks, setChecks] = useState<RoutingCheck[] | null>(null)
  const [running, setRunning] = useState(false)
  const email = settings?.email ?? SITE.email

  async function run() {
    setRunning(true)
    try {
      setChecks(
        await runRoutingChecks({
          document,
          window,
          fetch: window.fetch.bind(window),
          companyEmail: email,
        }),
      )
    } finally {
      setRunning(false)
    }
  }

  return (
    <section className="container page-section status-page">
      <Seo
        title="Routing and UX audit"
        description="Internal routing checks."
        path="/audit-routing-ux"
        noindex
      />
      <h1>Routing and UX audit</h1>
      <p>
        Seven checks against this page and the live server. The planner link below is part of the
        mailto check:{' '}
        <a href={`mailto:${email}?subject=${encodeURIComponent('Bespoke trip planning')}`}>
          Email a planner
        </a>
        .
      </p>
      <button type="button" className="button button--primary" onClick={run} disabled={running}>
        {running ? 'Running…' : 'Run Audit'}
      </button>
      <div role="status" aria-live="polite">
        {checks ? (
          <p className="page-section">
            {checks.filter((c) => c.pass).length} of {checks.length} checks passed
          </p>
        ) : null}
      </div>
      {checks ? (
        <table className="audit-table">
          <thead>
            <tr>
              <th scope="col">Check</th>
              <th scope="col">Result</th>
              <th scope="col">Detail</th>
            </tr>
          </thead>
          <tbody>
            {checks.map((check) => (
              <tr key={check.name}>
                <th scope="row">{check.name}</th>
                <td>
                  <StatusBadge status={check.pass ? 'PASS' : 'FAIL'} />
                </td>
                <td>{check.detail}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
