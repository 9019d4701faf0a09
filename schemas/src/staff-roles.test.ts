import {describe, expect, it} from 'vitest'
import {staffCan} from './staff-roles.ts'

describe('who may download the departures CSV', () => {
  it('staff and every role above them may', () => {
    for (const role of ['owner', 'manager', 'staff'] as const) expect(staffCan(role, 'departures.export')).toBe(true)
  })

  it('a guide may not: the CSV names every traveller of every departure in the range; a guide reads only the manifests of the departures they guide, in Today', () => {
    expect(staffCan('guide', 'departures.export')).toBe(false)
    expect(staffCan('guide', 'departures.read')).toBe(false)
    expect(staffCan('guide', 'today.read')).toBe(true)
  })
})
