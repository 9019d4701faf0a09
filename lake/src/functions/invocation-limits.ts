/**
 * Hosted Sanity's rate limits on function invocations, which the lake applies as hosted does
 * (docs/decisions/011-mail-as-a-sanity-function.md: never more lenient than hosted). Sanity's help article "Functions
 * rate limit" (sanity.io/docs/help/functions-rate-limit) and its changelog of 16 October 2025 ("Enhanced recursion
 * protection and increased rate limits"):
 *
 * - one function: 200 invocations per 30 seconds (the help article counts "the same document"; the changelog
 *   counts the function: the lake counts the function, the stricter reading);
 * - one project: 4,000 invocations per 30 seconds, all functions together;
 * - "we will not execute further function calls until the rate drops below this limit": an invocation over a
 *   limit does not run, and is not delivered later either. So nothing that must happen may rely on every event
 *   reaching its function: the product's mails have a catch-up sweep (functions/runtime.ts).
 *
 * The window slides: an invocation counts for the 30 seconds after it started. Retries are invocations too.
 */
export const HOSTED_INVOCATION_LIMITS = {windowMs: 30_000, perFunction: 200, perProject: 4_000}

export type InvocationLimits = typeof HOSTED_INVOCATION_LIMITS

export class InvocationLimiter {
  private readonly perFunction = new Map<string, number[]>()
  private readonly project: number[] = []
  private readonly limits: InvocationLimits

  constructor(limits: InvocationLimits = HOSTED_INVOCATION_LIMITS) {
    this.limits = limits
  }

  /**
   * Counts an invocation of `fn` at `at` when both limits allow it, and answers null; otherwise counts nothing
   * and answers which limit refused it, in words for the lake's log.
   */
  take(fn: string, at: number): string | null {
    const since = at - this.limits.windowMs
    const calls = this.perFunction.get(fn) ?? []
    dropBefore(calls, since)
    dropBefore(this.project, since)
    const seconds = this.limits.windowMs / 1000
    if (calls.length >= this.limits.perFunction)
      return `rate limited: function ${fn} was invoked ${calls.length} times in ${seconds} s (at most ${this.limits.perFunction})`
    if (this.project.length >= this.limits.perProject)
      return `rate limited: the project's functions were invoked ${this.project.length} times in ${seconds} s (at most ${this.limits.perProject})`
    calls.push(at)
    this.perFunction.set(fn, calls)
    this.project.push(at)
    return null
  }
}

/** Times are pushed in order, so the expired ones are a prefix. */
function dropBefore(times: number[], since: number) {
  let expired = 0
  while (expired < times.length && times[expired]! <= since) expired++
  if (expired > 0) times.splice(0, expired)
}
