import {isIsoDate} from '@repo/schemas/iso-date.ts'
import {parsePaxParam} from '@repo/schemas/pax-param.ts'

/** `/book/{experienceId}?date=yyyy-MM-dd&pax=adults,children[&time=]`. */
export function bookingPageHref(
  experienceId: string,
  trip: {date: string; adults: number; children: number; time?: string},
): string {
  const params = new URLSearchParams({date: trip.date, pax: `${trip.adults},${trip.children}`})
  if (trip.time) params.set('time', trip.time)
  return `/book/${encodeURIComponent(experienceId)}?${params.toString()}`
}

/**
 * The group in a booking link: `pax=adults,children` as links carry it, or `adults` and `children` as the choice
 * form's number fields send them when it is sent before (or without) the page's scripts. Null when unreadable.
 */
export function partyFromParams(params: URLSearchParams): {adults: number; children: number} | null {
  if (params.has('pax') || (!params.has('adults') && !params.has('children')))
    return parsePaxParam(params.get('pax'))
  const count = (value: string | null) =>
    value === null || value.trim() === '' ? 0 : /^\d{1,3}$/.test(value.trim()) ? Number(value) : NaN
  const adults = count(params.get('adults'))
  const children = count(params.get('children'))
  return Number.isInteger(adults) && Number.isInteger(children) ? {adults, children} : null
}

/** The booking page with the choice of date and group open again, as it was chosen (step 2's "Change"). */
export function changeTripHref(
  experienceId: string,
  trip: {date: string; adults: number; children: number; time?: string},
): string {
  return `${bookingPageHref(experienceId, trip)}&${CHANGE_PARAM}=1`
}

export const CHANGE_PARAM = 'change'

export type BookingQuery =
  | {ok: true; date: string; adults: number; children: number; time: string}
  | {ok: false; problem: string}

export const NO_DATE_PROBLEM = 'No date was chosen for this booking.'

/** Reads the booking page's query; what is missing or malformed gets a message, never an exception. */
export function readBookingQuery(params: URLSearchParams): BookingQuery {
  const date = params.get('date') ?? ''
  if (!date) return {ok: false, problem: NO_DATE_PROBLEM}
  if (!isIsoDate(date)) return {ok: false, problem: `"${date.slice(0, 20)}" is not a valid date.`}
  const pax = partyFromParams(params)
  if (!pax) return {ok: false, problem: 'The group size in the link is not valid.'}
  return {ok: true, date, ...pax, time: params.get('time') ?? ''}
}
