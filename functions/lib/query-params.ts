import {z} from 'zod'

import {daysBetween, isIsoDate} from '@repo/schemas/iso-date.ts'

/**
 * Query parameters of the GET endpoints that take a date range (availability, the staff's departures), read the
 * same way by both, whatever a hostile client sends: each named parameter at most once, dates as real calendar dates,
 * and every refusal a sentence a person can act on rather than a validator's wording.
 */
export type SingleParams =
  {ok: true; values: Record<string, string>} | {ok: false; name: string; message: string}

/** The named parameters, each given at most once (a repeated one is refused, never silently picked). */
export function singleQueryParams(search: URLSearchParams, names: readonly string[]): SingleParams {
  const values: Record<string, string> = {}
  for (const name of names) {
    const given = search.getAll(name)
    if (given.length > 1) return {ok: false, name, message: `Give ${name} once.`}
    if (given[0] !== undefined) values[name] = given[0]
  }
  return {ok: true, values}
}

const DATE_MESSAGE = 'Use a calendar date written yyyy-MM-dd.'

/** A date parameter: missing, too long and malformed each say what to send. */
export const isoDateParam = (name: string) =>
  z
    .string({error: `Give ${name} as a date written yyyy-MM-dd.`})
    .max(10, DATE_MESSAGE)
    .refine(isIsoDate, DATE_MESSAGE)

/** `from` and `to`, in order, at most `maxDays` days including both ends. */
export function dateRangeSchema(maxDays: number, tooLong: string) {
  return (
    z
      .object({from: isoDateParam('from'), to: isoDateParam('to')})
      // zod runs these even when a date failed its own check, so each guards against that.
      .refine((p) => !isIsoDate(p.from) || !isIsoDate(p.to) || p.from <= p.to, {
        message: 'The range must end on or after its start.',
        path: ['to'],
      })
      .refine(
        (p) => !isIsoDate(p.from) || !isIsoDate(p.to) || daysBetween(p.from, p.to) < maxDays,
        {message: tooLong, path: ['to']},
      )
  )
}

/** Field errors, and the first of them as the answer's message. */
export function paramErrors(error: z.ZodError): {
  message: string
  fieldErrors: Record<string, string[]>
} {
  const fieldErrors = z.flattenError(error).fieldErrors as Record<string, string[]>
  return {message: Object.values(fieldErrors)[0]?.[0] ?? 'Invalid request.', fieldErrors}
}
