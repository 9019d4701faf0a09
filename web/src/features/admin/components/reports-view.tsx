import {useId, useState} from 'react'

import {formatShortDate} from '@repo/schemas/format-date.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {
  chartAsShown,
  isReportRange,
  REPORT_MAX_DAYS,
  REPORT_NOT_RECORDED,
  REPORT_SECTIONS,
  type ReportRange,
} from '@repo/schemas/reports.ts'

import {useReport} from '../api/get-report'
import {ReportChartCard} from './report-chart'
import '../reports.css'
import {DateRangeFields} from './date-range-fields'

function rangeProblem(range: ReportRange): string | null {
  if (!range.from || !range.to) return 'Choose both dates.'
  if (range.to < range.from) return 'The last date must be on or after the first.'
  if (!isReportRange(range)) return `Choose at most ${REPORT_MAX_DAYS} days.`
  return null
}

/**
 * Reports (docs/decisions/210-reports-figures-in-one-module.md), for owners and managers: demand, conversion,
 * occupancy, service, value and reviews for a range of Cape Town days, one experience or all, against the period
 * before. Loaded on its own when opened, with its charting library: nothing of it reaches the public pages or the
 * rest of the dashboard.
 */
export function ReportsView() {
  const [range, setRange] = useState<ReportRange>(() => {
    const today = todayInCapeTown()
    return {from: addDays(today, -29), to: today}
  })
  const [compare, setCompare] = useState(true)
  const ids = {
    experience: useId(),
    compare: useId(),
    problem: useId(),
  }
  const problem = rangeProblem(range)
  const report = useReport(range, problem === null)
  const data = report.data
  const experienceName = data?.experiences.find((e) => e.slug === range.experience)?.title
  return (
    <section className="reports" aria-labelledby="reports-title">
      <h2 id="reports-title">Reports</h2>
      <p className="reports__note">
        The product takes no payment: values in rand are the experiences’ prices per person times
        the party, not money received. Days and weeks are Cape Town’s.
      </p>
      <div className="admin-filters reports__filters" role="group" aria-label="What to report">
        <DateRangeFields
          range={range}
          setRange={setRange}
          problemId={problem ? ids.problem : undefined}
        />
        <div className="field">
          <label htmlFor={ids.experience}>Experience</label>
          <select
            id={ids.experience}
            value={range.experience ?? ''}
            onChange={(event) =>
              setRange(({experience: _, ...r}) =>
                event.target.value ? {...r, experience: event.target.value} : r,
              )
            }
          >
            <option value="">All experiences</option>
            {(data?.experiences ?? []).map((experience) => (
              <option key={experience.slug} value={experience.slug}>
                {experience.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field field--checkbox reports__compare">
          <input
            id={ids.compare}
            type="checkbox"
            checked={compare}
            onChange={(event) => setCompare(event.target.checked)}
          />
          <label htmlFor={ids.compare}>Compare with the previous period</label>
        </div>
      </div>
      {problem ? (
        <p id={ids.problem} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      <div aria-live="polite" aria-busy={report.isFetching}>
        {problem ? null : report.isPending ? (
          <p className="admin-empty">Loading reports...</p>
        ) : report.isError ? (
          <p className="admin-empty" role="alert">
            Failed to load the reports. Please try again.
          </p>
        ) : data ? (
          <p className="reports__period">
            {experienceName ?? 'All experiences'}, {formatShortDate(data.range.from)} to{' '}
            {formatShortDate(data.range.to)}
            {compare
              ? `, against ${formatShortDate(data.previous.from)} to ${formatShortDate(data.previous.to)}`
              : ''}
            .
          </p>
        ) : null}
      </div>
      {data && !problem
        ? REPORT_SECTIONS.map(([section, heading]) => (
            <section
              key={section}
              className="reports__section"
              aria-labelledby={`reports-${section}`}
            >
              <h3 id={`reports-${section}`}>{heading}</h3>
              <div className="reports__charts">
                {data.charts
                  .filter((chart) => chart.section === section)
                  .map((chart) => (
                    <ReportChartCard
                      key={chart.id}
                      chart={chartAsShown(chart, compare)}
                      fileName={`${chart.id}-${data.range.from}-to-${data.range.to}${data.range.experience ? `-${data.range.experience}` : ''}.csv`}
                    />
                  ))}
              </div>
            </section>
          ))
        : null}
      {data && !problem ? (
        <section className="reports__section" aria-labelledby="reports-missing">
          <h3 id="reports-missing">Not in these reports yet</h3>
          <ul className="reports__missing">
            {REPORT_NOT_RECORDED.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  )
}
