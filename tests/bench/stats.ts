export interface BenchResult {
  name: string
  unit: 'ms' | 'MB' | 'KB' | 'score' | 's' | 'req/s'
  samples: number[]
  extra?: Record<string, number | string>
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[index] as number
}

const round = (value: number) =>
  Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100

/** One line per result: median and p95 of its samples, plus any extra figures. */
export function formatResult(result: BenchResult): string {
  const {samples} = result
  const figures =
    samples.length === 0
      ? 'no measurement'
      : samples.length === 1
        ? `${round(samples[0] as number)} ${result.unit}`
        : `median ${round(percentile(samples, 50))} ${result.unit}, p95 ${round(percentile(samples, 95))} ${result.unit} (n=${samples.length})`
  const extra = Object.entries(result.extra ?? {})
    .map(([key, value]) => `${key} ${value}`)
    .join(', ')
  return `${result.name}: ${figures}${extra ? `; ${extra}` : ''}`
}
