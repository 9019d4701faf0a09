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

export type BookingQuery =
  | {ok: true; date: string; adults: number; children: number; time: string}
  | {ok: false; problem: string}

export const NO_DATE_PROBLEM = 'No date was chosen for this booking.'

/** Reads the booking page's query; what is missing or malformed gets a message, never an exception. */
export function readBookingQuery(params: URLSearchParams): BookingQuery {
  const date = params.get('date') ?? ''
  if (!date) return {ok: false, problem: NO_DATE_PROBLEM}
  if (!isIsoDate(date)) return {ok: false, problem: `"${date.slice(0, 20)}" is not a valid date.`}
  const pax = parsePaxParam(params.get('pax'))
  if (!pax) return {ok: false, problem: 'The group size in the link is not valid.'}
  return {ok: true, date, ...pax, time: params.get('time') ?? ''}
}
