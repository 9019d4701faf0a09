/**
 * A small seeded PRNG (mulberry32) for generated tests: the same seed gives the same queries or requests,
 * so a failure found once can be replayed (the hostile suite takes `HOSTILE_SEED=<seed>`).
 */
export interface Random {
  next(): number
  int(maxExclusive: number): number
  pick<T>(items: readonly T[]): T
  chance(probability: number): boolean
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (maxExclusive: number) => Math.floor(next() * maxExclusive)
  return {
    next,
    int,
    pick: (items) => items[int(items.length)] as (typeof items)[number],
    chance: (probability) => next() < probability,
  }
}
