import {cleanup, render, screen, within} from '@testing-library/react'
import {afterEach, describe, expect, it, vi} from 'vitest'

import {chartAsShown, reportChartCsv, type ReportChart} from '@repo/schemas/reports.ts'
import {ReportChartCard} from './report-chart'

const chart: ReportChart = {
  id: 'value-by-period',
  section: 'value',
  title: 'Value against the previous period, in rand',
  labelHeading: 'Value',
  series: [
    {title: 'This period', unit: 'rand'},
    {title: 'Previous period', unit: 'rand'},
  ],
  rows: [
    {label: 'Requested', values: [8700, 2600]},
    {label: 'Confirmed', values: [1000, 1000]},
  ],
  summary: 'Confirmed: R1,000 this period against R1,000 in the previous period.',
}

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('a Reports chart', () => {
  it('gives its summary and the same figures as a table, the drawing hidden from screen readers', () => {
    render(<ReportChartCard chart={chart} fileName="value.csv" />)
    const figure = screen.getByRole('figure', {name: chart.title})
    expect(within(figure).getByText(chart.summary)).toBeTruthy()
    const table = within(figure).getByRole('table', {name: chart.title, hidden: true})
    const rows = within(table)
      .getAllByRole('row', {hidden: true})
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'ValueThis period (ZAR)Previous period (ZAR)',
      'RequestedR8,700R2,600',
      'ConfirmedR1,000R1,000',
    ])
  })

  it('downloads a CSV of exactly the rows drawn, without the previous period when not compared', async () => {
    const blobs: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob)
      return 'blob:test'
    })
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {})
    const shown = chartAsShown(chart, false)
    render(<ReportChartCard chart={shown} fileName="value.csv" />)
    screen.getByRole('button', {name: `Download CSV: ${chart.title}`}).click()
    expect(blobs).toHaveLength(1)
    // Read with its byte-order mark, which `Blob.text()` would drop.
    const text = new TextDecoder('utf-8', {ignoreBOM: true}).decode(await blobs[0]!.arrayBuffer())
    expect(text).toBe(reportChartCsv(shown))
    expect(reportChartCsv(shown)).toBe(
      '\uFEFFValue,This period (ZAR)\r\nRequested,8700\r\nConfirmed,1000\r\n',
    )
    expect(screen.queryByText('Previous period (ZAR)')).toBeNull()
  })
})
