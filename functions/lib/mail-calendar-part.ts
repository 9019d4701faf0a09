/**
 * A mail's calendar invitation on its way through the outbox: kept on the outbox document beside the text and
 * HTML, so whichever server sends (or sends again) the mail sends the same invitation, and handed to nodemailer as
 * its `icalEvent`, which nodemailer writes as a `text/calendar; method=…` alternative part that calendar
 * applications offer to add.
 */

export type CalendarMethod = 'REQUEST' | 'CANCEL'

export type CalendarPart = {method: CalendarMethod; content: string}

const METHODS: readonly string[] = ['REQUEST', 'CANCEL'] satisfies CalendarMethod[]

/** The outbox document's fields for a message's calendar part. */
export const calendarFields = (part: CalendarPart | undefined) =>
  part ? {calendar_method: part.method, calendar: part.content} : {}

/** The calendar part stored on an outbox document, when it holds a whole one. */
export function calendarOf(doc: {
  calendar_method?: string | undefined
  calendar?: string | undefined
}): {
  calendar?: CalendarPart
} {
  const method = doc.calendar_method
  if (!method || !METHODS.includes(method) || !doc.calendar?.startsWith('BEGIN:VCALENDAR'))
    return {}
  return {calendar: {method: method as CalendarMethod, content: doc.calendar}}
}

/**
 * What nodemailer is given: the message with its calendar part as `icalEvent`, and a subscriber's unsubscribe
 * address as `List-Unsubscribe` (nodemailer's `list`) with the RFC 8058 one-click header beside it.
 */
export function nodemailerMessage<
  T extends {calendar?: CalendarPart | undefined; listUnsubscribe?: string | undefined},
>(message: T) {
  const {calendar, listUnsubscribe, ...rest} = message
  return {
    ...rest,
    ...(calendar
      ? {
          icalEvent: {
            method: calendar.method,
            filename: 'invitation.ics',
            content: calendar.content,
          },
        }
      : {}),
    ...(listUnsubscribe
      ? {
          list: {unsubscribe: listUnsubscribe},
          headers: {'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click'},
        }
      : {}),
  }
}
