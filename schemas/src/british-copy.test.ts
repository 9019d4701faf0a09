import {describe, expect, it} from 'vitest'

import {britishCopyProblems, findTwelveHourTimes, findUsSpellings} from './british-copy.ts'
import {
  defaultMailTemplate,
  MAIL_TEMPLATE_KINDS,
  renderMail,
  SAMPLE_VALUES,
} from './mail-templates.ts'
import {WRONG_ANSWER_MESSAGE} from './security-question.ts'
import {CANCELLED_DEPARTURE_MESSAGE, cancelledDateMessage} from './departure-cancellation.ts'
import {
  BOOKING_LIFE_TITLES,
  DEPARTURE_STATE_TITLES,
  placesCount,
  placesInWords,
} from './departure-life.ts'
import {CANCELLATION_ANSWER_TITLES} from './staff-departures.ts'
import {WAITLIST_STATE_TITLES} from './waitlist-entries.ts'
import {WAITLIST_LINK_ANSWERS} from './waitlist-links.ts'
import {WAITLIST_CANCELLED_MESSAGE} from './waitlist-messages.ts'

describe('British copy', () => {
  it('finds American spellings as whole words only', () => {
    expect(findUsSpellings('Please solve the math question; our favorite color.')).toEqual([
      'math',
      'favorite',
      'color',
    ])
    expect(findUsSpellings('Maths, colourful, the aftermath, a programme')).toEqual([])
  })

  it('finds 12-hour times but not the 24-hour clock or "6pm" in running text', () => {
    expect(
      findTwelveHourTimes('Evening (4 hours, 6:00 PM start), back by 10 p.m., 9 AM pick-up'),
    ).toEqual(['6:00 PM', '10 p.m.', '9 AM'])
    expect(
      findTwelveHourTimes('18:00 start, 4 hours, at 6pm, 2 adults, Room 12 Amsterdam'),
    ).toEqual([])
  })

  it('holds for the security question and for every mail template as its preview renders it', () => {
    expect(britishCopyProblems(WRONG_ANSWER_MESSAGE)).toEqual([])
    const brand = {company: 'Cape Curated', signature: 'The Cape Curated team'}
    for (const {kind} of MAIL_TEMPLATE_KINDS) {
      const mail = renderMail(defaultMailTemplate(kind), SAMPLE_VALUES, brand)
      expect(britishCopyProblems(`${mail.subject}\n${mail.text}\n${mail.html}`), kind).toEqual([])
    }
  })

  it('holds for the words of a departure’s and a booking’s life (issue 42)', () => {
    const words = [
      ...Object.values(BOOKING_LIFE_TITLES),
      ...Object.values(DEPARTURE_STATE_TITLES),
      ...Object.values(CANCELLATION_ANSWER_TITLES),
      ...Object.values(WAITLIST_STATE_TITLES),
      ...Object.values(WAITLIST_LINK_ANSWERS).flatMap(({title, text}) => [title, text]),
      WAITLIST_CANCELLED_MESSAGE,
      CANCELLED_DEPARTURE_MESSAGE,
      cancelledDateMessage('2026-12-10'),
      placesInWords(placesCount({capacity: 8, confirmed: 6, requested: 2, held: 2})),
    ]
    for (const text of words) expect(britishCopyProblems(text), text).toEqual([])
  })
})
