import {benchBookings} from './bookings-bench.ts'
import {benchCapacity} from './capacity-bench.ts'
import {benchDashboard} from './dashboard-bench.ts'
import {benchEdge} from './edge-bench.ts'
import {benchHostile} from './hostile-bench.ts'
import {benchLake} from './lake-bench.ts'
import {benchOcto} from './octo-bench.ts'
import {benchPhone} from './phone-bench.ts'
import {benchPreview} from './preview-bench.ts'
import {benchReports} from './reports-bench.ts'
import {benchSite} from './site-bench.ts'
import {benchStaff} from './staff-bench.ts'
import {formatResult, type BenchResult} from './stats.ts'

/** `npm run bench [lake|site|phone|preview|staff|dashboard|bookings|capacity|reports|edge|hostile|octo]`: every speed target of the project, measured; medians and p95 are printed. */
const suites: Record<string, () => Promise<BenchResult[]>> = {
  lake: benchLake,
  site: benchSite,
  phone: benchPhone,
  preview: benchPreview,
  staff: benchStaff,
  dashboard: benchDashboard,
  bookings: benchBookings,
  capacity: benchCapacity,
  reports: benchReports,
  edge: benchEdge,
  hostile: benchHostile,
  octo: benchOcto,
}
const only = process.argv.slice(2)

for (const [name, run] of Object.entries(suites)) {
  // The hostile-load bench runs for a minute at full CPU: only when asked for by name.
  if (only.length > 0 ? !only.includes(name) : name === 'hostile') continue
  console.log(`\n== ${name} ==`)
  for (const result of await run()) console.log(formatResult(result))
}
