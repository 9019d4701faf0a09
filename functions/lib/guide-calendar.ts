import {createHash} from 'node:crypto'

import {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendar,
  ICalCalendarMethod,
  ICalEventStatus,
} from 'ical-generator'

import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {escapeHtml} from '@repo/schemas/mail-templates.ts'

import type {MailMessage} from './mailer.ts'

/**
 * A guide's mail for an assignment to a departure, and for its end (docs/decisions/239-assignments-on-the-departure-lock.md):
 * a `REQUEST` calendar invitation when assigned, its `CANCEL` when unassigned. One event per guide and departure
 * (its UID never changes); the `SEQUENCE` grows with the assignment's time, so an unassignment after an assignment
 * (or a second assignment after that) replaces the event in the guide's calendar.
 */

export type GuideAssignmentMail = {
  guide: {id: string; name: string; email: string}
  departure: {lockId: string; experienceTitle: string; date: string}
  resourceName: string | null
  assigned: boolean
  /** The assignment's time (ISO): the mail's stamp and its sequence. */
  at: string
  by: string
  siteUrl: string
  organizer: {name: string; email: string}
}

/** Seconds since 2026: a sequence that only grows while fitting the 32-bit integer calendars expect. */
const sequenceOf = (at: string) =>
  Math.max(0, Math.floor((Date.parse(at) - Date.parse('2026-01-01T00:00:00Z')) / 1000))

export const guideEventUid = (lockId: string, guideId: string, siteUrl: string) =>
  `guide-${lockId}-${guideId.replace(/[^\w-]/g, '-')}@${new URL(siteUrl).hostname}`

/**
 * The outbox's id of one such mail: the departure, the guide, assigned or not, and the assignment's time, so the same
 * change queued twice (a retry, a second server) is one mail.
 */
export function guideMailId(
  mail: Pick<GuideAssignmentMail, 'guide' | 'departure' | 'assigned' | 'at'>,
) {
  const hash = createHash('sha256')
    .update(`${mail.departure.lockId}|${mail.guide.id}|${mail.at}`)
    .digest('hex')
    .slice(0, 24)
  return `guide-${hash}-${mail.assigned ? 'assigned' : 'unassigned'}`
}

export function guideCalendar(mail: GuideAssignmentMail): string {
  const calendar = new ICalCalendar({
    prodId: {
      company: mail.organizer.name || 'Cape Town experiences',
      product: 'Guides',
      language: 'EN',
    },
    method: mail.assigned ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  })
  const [year, month, day] = mail.departure.date.split('-').map(Number) as [number, number, number]
  calendar.createEvent({
    id: guideEventUid(mail.departure.lockId, mail.guide.id, mail.siteUrl),
    sequence: sequenceOf(mail.at),
    stamp: new Date(mail.at),
    start: new Date(Date.UTC(year, month - 1, day)),
    allDay: true,
    summary: `Guiding: ${mail.departure.experienceTitle}`,
    description: [
      `Assigned by ${mail.by}`,
      mail.resourceName ? `Resource: ${mail.resourceName}` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    status: mail.assigned ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    ...(mail.organizer.email
      ? {
          organizer: {
            name: mail.organizer.name || 'Cape Town experiences',
            email: mail.organizer.email,
          },
        }
      : {}),
    attendees: [
      {
        email: mail.guide.email,
        name: mail.guide.name,
        role: ICalAttendeeRole.REQ,
        status: mail.assigned ? ICalAttendeeStatus.ACCEPTED : ICalAttendeeStatus.DECLINED,
        rsvp: false,
      },
    ],
  })
  return calendar.toString()
}

export function guideAssignmentMessage(mail: GuideAssignmentMail): MailMessage {
  const when = formatDateInWords(mail.departure.date)
  const what = mail.departure.experienceTitle
  const lines = mail.assigned
    ? [
        `Hello ${mail.guide.name},`,
        `${mail.by} assigned you to guide ${what} on ${when}.`,
        mail.resourceName ? `Resource: ${mail.resourceName}.` : '',
        'The invitation is attached for your calendar; the manifest is on the dashboard.',
      ]
    : [
        `Hello ${mail.guide.name},`,
        `${mail.by} took you off ${what} on ${when}: you are no longer guiding it.`,
        'The calendar event is cancelled with this mail.',
      ]
  const text = lines.filter(Boolean).join('\n\n')
  return {
    to: mail.guide.email,
    subject: mail.assigned
      ? `You are guiding ${what} on ${when}`
      : `No longer guiding: ${what} on ${when}`,
    text,
    html: lines
      .filter(Boolean)
      .map((line) => `<p>${escapeHtml(line)}</p>`)
      .join('\n'),
    calendar: {method: mail.assigned ? 'REQUEST' : 'CANCEL', content: guideCalendar(mail)},
  }
}
