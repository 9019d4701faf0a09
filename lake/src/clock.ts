/**
 * The lake's time: the `_updatedAt` of what it commits and what GROQ's `now()` returns. Hosted evaluates `now()`
 * once per query, at the time the query arrives ("returns the current time … the same value for the whole
 * query", https://www.sanity.io/docs/specifications/groq-functions#now), so the lake reads this clock when a
 * query arrives and hands that instant to the evaluation (the result and its source map alike).
 */
let offsetMs = 0

export function lakeNow(): Date {
  return new Date(Date.now() + offsetMs)
}

/**
 * Tests only, for a lake running in the test's own process: moves its clock forward, so that "an hour later"
 * (a preview secret past its time to live, an expired session) needs no hour of waiting. Never configurable.
 */
export function advanceLakeClockForTests(ms: number): void {
  offsetMs += ms
}

export function resetLakeClockForTests(): void {
  offsetMs = 0
}
