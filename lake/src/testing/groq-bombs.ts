import type {Random} from './seeded-random.ts'

/** A query written to cost the lake as much as possible, as an anonymous attacker would send it. */
export interface Bomb {
  family: 'literal' | 'parameter' | 'function' | 'caret' | 'result' | 'prototype' | 'nesting'
  query: string
  params: Record<string, unknown>
}

const numbers = (length: number) => Array.from({length}, (_, n) => n)
const literal = (length: number) => `[${numbers(length).join(',')}]`

/** `count(A[count(A[… @ > 0 …]) > 0])`, `depth` levels over the array expression `array`: length^depth steps. */
function nestedCount(array: string, depth: number): string {
  let inner = `count(${array}[@ > 0])`
  for (let level = 1; level < depth; level++) inner = `count(${array}[${inner} > 0])`
  return inner
}

/** `*[count(*[count(*[_id > ^._id]) > k]) > 0]._id`: each level a scan per document, through `^`. */
function caretScan(depth: number, threshold: number): string {
  let inner = '*[_id > ^._id]'
  for (let level = 1; level < depth; level++) inner = `*[count(${inner}) > ${level === 1 ? threshold : 0}]`
  return `${inner}._id`
}

const PROTOTYPE_NAMES = ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', 'isPrototypeOf', 'propertyIsEnumerable', 'toLocaleString', '__defineGetter__', '__lookupSetter__']

/**
 * Every shape of bomb the lake was stalled with: array literals, array and string parameters,
 * functions that make arrays (`string::split`), `^` over nested scans, results far larger than their
 * query, parameters named after Object's prototype, and deep nesting. Sizes vary with `random`.
 */
export function generateBombs(random: Random, count: number): Bomb[] {
  const makers: (() => Bomb)[] = [
    () => ({family: 'literal', query: nestedCount(literal(80 + random.int(220)), 3 + random.int(2)), params: {}}),
    () => {
      const length = 80 + random.int(220)
      return {family: 'parameter', query: nestedCount('$a', 3 + random.int(2)), params: {a: numbers(length)}}
    },
    () => {
      const length = 80 + random.int(220)
      const split = 'string::split($s, "")'
      return {family: 'function', query: nestedCount(split, 3), params: {s: 'b'.repeat(length)}}
    },
    () => ({family: 'caret', query: caretScan(3 + random.int(2), random.int(5)), params: {}}),
    () => {
      // A cross product whose result is the size of its inputs squared, or a string repeated in a projection.
      const length = 400 + random.int(1600)
      return random.chance(0.5)
        ? {family: 'result', query: '*{"row": $a, "again": $a}', params: {a: numbers(length * 20)}}
        : {family: 'result', query: `*{"pad": $s, "more": $a}`, params: {s: 'x'.repeat(200_000 + random.int(800_000)), a: numbers(length)}}
    },
    () => ({family: 'prototype', query: `*[_type == $${random.pick(PROTOTYPE_NAMES)}]`, params: {}}),
    () => {
      const depth = 2000 + random.int(8000)
      return {family: 'nesting', query: `${'('.repeat(depth)}1${')'.repeat(depth)}`, params: {}}
    },
  ]
  return Array.from({length: count}, (_, index) => makers[index % makers.length]!())
}

/** The documents the caret bombs scan: enough that four levels estimate under the cost limit yet run for minutes. */
export function bombTargets(count = 70): {_id: string; _type: string; n: number}[] {
  return Array.from({length: count}, (_, n) => ({_id: `target-${String(n).padStart(3, '0')}`, _type: 'target', n}))
}
