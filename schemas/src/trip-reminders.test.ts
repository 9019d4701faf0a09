import {describe, expect, it} from 'vitest'

import {
  reminderDue,
  reminderHours,
  reminderHoursProblem,
  tripStartInstant,
} from './trip-reminders.ts'

const cruise = {startTime: '18:30'}

/** Also run under `TZ=America/New_York` (the `zones` vitest project). */
describe('trip reminders', () => {
  it(`start on Cape Town’s clock (process TZ ${process.env.TZ ?? 'unset'})`, () => {
    expect(tripStartInstant('2026-11-28', cruise)!.toISOString()).toBe('2026-11-28T16:30:00.000Z')
    expect(tripStartInstant('2026-11-28', null)!.toISOString()).toBe('2026-11-28T07:00:00.000Z')
    expect(tripStartInstant('2026-02-30', cruise)).toBeNull()
  })

  it('are due from the chosen hours before the start until the start', () => {
    const at = (iso: string) => new Date(iso)
    expect(reminderDue('2026-11-28', cruise, 48, at('2026-11-26T16:29:00Z'))).toBe(false)
    expect(reminderDue('2026-11-28', cruise, 48, at('2026-11-26T16:30:00Z'))).toBe(true)
    expect(reminderDue('2026-11-28', cruise, 48, at('2026-11-28T16:29:00Z'))).toBe(true)
    expect(reminderDue('2026-11-28', cruise, 48, at('2026-11-28T16:30:00Z'))).toBe(false)
    expect(reminderDue('2026-11-28', cruise, 24, at('2026-11-26T18:00:00Z'))).toBe(false)
  })

  it('use the editors’ hours when they are sensible, else 48', () => {
    expect(reminderHours(24)).toBe(24)
    expect(reminderHours(undefined)).toBe(48)
    expect(reminderHours(0)).toBe(48)
    expect(reminderHours(2.5)).toBe(48)
    expect(reminderHoursProblem(1)).toMatch(/from 2 to 336/)
  })
})
