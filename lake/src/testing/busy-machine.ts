import os from 'node:os'

/**
 * How many times over its cores the machine is loaded now (the one-minute load average per core), at least 1: on a
 * 2-core machine shared with other suites and stacks it reached 5 to 6.
 */
export function machineLoadFactor(): number {
  return Math.max(1, (os.loadavg()[0] ?? 0) / os.availableParallelism())
}

/**
 * A time budget for work whose speed follows the machine's (docs/decisions/179): `ms` on an idle machine, that many
 * times more on a loaded one, and never beyond `cap`, the time that tells the fault the bound is there for (a lake
 * thread held by a query for its whole deadline, say) apart from a slow machine.
 */
export function scaledBudget(ms: number, cap = Number.POSITIVE_INFINITY): number {
  return Math.min(cap, Math.round(ms * machineLoadFactor()))
}
