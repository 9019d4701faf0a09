import {useEffect, useId, useState} from 'react'

import {Group} from '@visx/group'
import {scaleLinear} from '@visx/scale'
import {Bar} from '@visx/shape'

import {
  reportChartCsv,
  seriesHeading,
  type ReportChart,
  type ReportUnit,
} from '@repo/schemas/reports.ts'

/**
 * Each series' colour: 3:1 or more against the white card (WCAG 2.2 non-text contrast), and never the only way to
 * tell series apart: a legend names them in order, each bar is labelled with its figure, and the table beside it
 * holds every number.
 */
const COLOURS = [
  '#0f3d3e',
  '#6b7574',
  '#b3400f',
  '#5b3f9e',
  '#1f6f3a',
  '#9c1f52',
  '#1d4f91',
  '#7a5a00',
]

export const formatFigure = (value: number, unit: ReportUnit) => {
  if (unit === 'rand') return `R${Math.round(value).toLocaleString('en-GB')}`
  if (unit === 'percent') return `${value}%`
  if (unit === 'hours') return `${value} h`
  return value.toLocaleString('en-GB')
}

/**
 * The drawing's width in CSS pixels, followed as the card resizes: text stays its size on a phone. A callback ref,
 * so a drawing that appears later (a chart empty at first, then filled) is measured too.
 */
function useWidth() {
  const [element, setElement] = useState<HTMLDivElement | null>(null)
  const [width, setWidth] = useState(0)
  useEffect(() => {
    if (!element) return
    setWidth(element.clientWidth)
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width))
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [element])
  return [setElement, width] as const
}

const LABEL_HEIGHT = 20
const BAR_HEIGHT = 14
const BAR_GAP = 3
const ROW_GAP = 12
/** Room at the bars' end for their figure. */
const FIGURE_ROOM = 76

/** Horizontal bars, one row per figure (read down, as on a phone): each row's label above its bars. */
function Bars({chart, width}: {chart: ReportChart; width: number}) {
  const barsPerRow = chart.stacked ? 1 : chart.series.length
  const rowHeight = LABEL_HEIGHT + barsPerRow * (BAR_HEIGHT + BAR_GAP) + ROW_GAP
  const room = Math.max(40, width - FIGURE_ROOM)
  // One scale per unit: places and capacity share one, a count and an average rating do not.
  const maxOf = (unit: ReportUnit) =>
    Math.max(
      1,
      ...chart.rows.flatMap((row) =>
        chart.stacked
          ? [row.values.reduce((sum, value) => sum + value, 0)]
          : row.values.filter((_, index) => chart.series[index]?.unit === unit),
      ),
    )
  const scales = new Map(
    [...new Set(chart.series.map((s) => s.unit))].map((unit) => [
      unit,
      scaleLinear<number>({domain: [0, unit === 'rating' ? 5 : maxOf(unit)], range: [0, room]}),
    ]),
  )
  const scaleOf = (unit: ReportUnit) => scales.get(unit)!
  return (
    <svg width={width} height={chart.rows.length * rowHeight} aria-hidden="true" focusable="false">
      {chart.rows.map((row, rowIndex) => (
        <Group key={row.label} top={rowIndex * rowHeight}>
          <text x={0} y={14} className="report-chart__label">
            {row.label}
          </text>
          {chart.stacked ? (
            <Group top={LABEL_HEIGHT}>
              {row.values.map((value, index) => {
                const scale = scaleOf(chart.series[index]!.unit)
                const left = scale(row.values.slice(0, index).reduce((sum, v) => sum + v, 0))
                return (
                  <Bar
                    key={index}
                    x={left}
                    y={0}
                    width={Math.max(0, scale(value) - scale(0))}
                    height={BAR_HEIGHT}
                    fill={COLOURS[index % COLOURS.length]}
                  />
                )
              })}
              <text
                x={scaleOf('count')(row.values.reduce((sum, v) => sum + v, 0)) + 6}
                y={BAR_HEIGHT - 3}
                className="report-chart__figure"
              >
                {row.values.reduce((sum, v) => sum + v, 0).toLocaleString('en-GB')}
              </text>
            </Group>
          ) : (
            row.values.map((value, index) => {
              const series = chart.series[index]!
              const barWidth = scaleOf(series.unit)(value)
              const top = LABEL_HEIGHT + index * (BAR_HEIGHT + BAR_GAP)
              return (
                <Group key={index} top={top}>
                  <Bar
                    x={0}
                    y={0}
                    width={Math.max(value > 0 ? 2 : 0, barWidth)}
                    height={BAR_HEIGHT}
                    fill={COLOURS[index % COLOURS.length]}
                  />
                  <text x={barWidth + 6} y={BAR_HEIGHT - 3} className="report-chart__figure">
                    {formatFigure(value, series.unit)}
                  </text>
                </Group>
              )
            })
          )}
        </Group>
      ))}
    </svg>
  )
}

function downloadCsv(chart: ReportChart, fileName: string) {
  const url = URL.createObjectURL(new Blob([reportChartCsv(chart)], {type: 'text/csv'}))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  document.body.append(link)
  link.click()
  link.remove()
  // Let go of the file once the browser has surely started saving it, however busy the machine.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

/**
 * One chart of the Reports page: its title, its summary in words, the bars, a legend, the same figures as a table
 * (for screen readers first: the drawing is hidden from them) and a CSV of exactly those figures.
 */
export function ReportChartCard({chart, fileName}: {chart: ReportChart; fileName: string}) {
  const [ref, width] = useWidth()
  const titleId = useId()
  const empty = chart.rows.length === 0 || chart.series.length === 0
  return (
    <figure className="report-chart" aria-labelledby={titleId}>
      <figcaption>
        <h4 id={titleId} className="report-chart__title">
          {chart.title}
        </h4>
        <p className="report-chart__summary">{chart.summary}</p>
      </figcaption>
      {empty ? (
        <p className="admin-empty">Nothing to show for these dates.</p>
      ) : (
        <>
          <ul className="report-chart__legend" aria-hidden="true">
            {chart.series.map((series, index) => (
              <li key={series.title}>
                <span
                  className="report-chart__swatch"
                  style={{background: COLOURS[index % COLOURS.length]}}
                />
                {seriesHeading(series)}
              </li>
            ))}
          </ul>
          <div ref={ref} className="report-chart__drawing">
            {width > 0 ? <Bars chart={chart} width={width} /> : null}
          </div>
          <details className="report-chart__table">
            <summary>Show the figures as a table</summary>
            <div className="admin-table-wrap">
              <table>
                <caption className="visually-hidden">{chart.title}</caption>
                <thead>
                  <tr>
                    <th scope="col">{chart.labelHeading}</th>
                    {chart.series.map((series) => (
                      <th key={series.title} scope="col">
                        {seriesHeading(series)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {chart.rows.map((row) => (
                    <tr key={row.label}>
                      <th scope="row">{row.label}</th>
                      {row.values.map((value, index) => (
                        <td key={index}>{formatFigure(value, chart.series[index]!.unit)}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
      <button
        type="button"
        className="button button--ghost report-chart__csv"
        aria-label={`Download CSV: ${chart.title}`}
        onClick={() => downloadCsv(chart, fileName)}
      >
        Download CSV
      </button>
    </figure>
  )
}
