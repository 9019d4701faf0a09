import {DEFAULT_PARTY} from './experience-settings.ts'

/**
 * Parses `pax=adults,children` from the booking URL. Missing gives the default party; anything that is
 * not two whole numbers gives `null`. Apart from the request schema: the booking dialog needs this, not zod.
 */
export function parsePaxParam(value: string | null): {adults: number; children: number} | null {
  if (value === null || value === '') return {...DEFAULT_PARTY}
  const match = /^(\d{1,3}),(\d{1,3})$/.exec(value)
  if (!match) return null
  return {adults: Number(match[1]), children: Number(match[2])}
}
