import {describe, expect, it} from 'vitest'

import {
  BOOKING_CONSENT_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  fieldsToPutRightMessage,
  NAME_REQUIRED_MESSAGE,
  PRIVACY_CONSENT_MESSAGE,
} from './booking-request.ts'
import {
  britishCopyProblems,
  findRandPrices,
  findStraightApostrophes,
  findTwelveHourTimes,
  findUnspacedDashes,
  findUsSpellings,
} from './british-copy.ts'
import {FULLY_BOOKED_MESSAGE, placesLeftMessage} from './capacity.ts'
import {UNAVAILABLE_DATE_MESSAGE} from './experience-settings.ts'
import {formatTripWhen} from './format-date.ts'
import {DEFAULT_PRIVACY_NOTICE} from './privacy-notice.ts'
import {travellerStatusTitle} from './traveller-status.ts'
import {PAST_DATE_MESSAGE} from './trip-check.ts'
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

  it('finds straight apostrophes and dashes run into words, not quotes or spaced dashes', () => {
    expect(findStraightApostrophes("We're on it; Lion's Head")).toEqual(["e'r", "n's"])
    expect(findStraightApostrophes("We’re on it: 'quoted' words")).toEqual([])
    expect(findUnspacedDashes('this date—please, 2–4 hours, May–June')).toEqual(['e—p', 'y–J'])
    expect(findUnspacedDashes('this date – please; Thanks — you’re in')).toEqual([])
  })

  it('finds prices written "R150" or "R 2,400", not the formatter’s "ZAR 150" or words with an R', () => {
    expect(
      findRandPrices('Transfer (R150 per person), private (from R 2,400), entry about R50, paid'),
    ).toEqual(['R150', 'R 2,400', 'R50'])
    expect(findRandPrices('From ZAR 450 per person; Room 12; BR549; RSVP by 18:00')).toEqual([])
  })

  it('holds for the booking form’s, the date check’s, the request page’s and the privacy notice’s words', () => {
    const words = [
      NAME_REQUIRED_MESSAGE,
      EMAIL_REQUIRED_MESSAGE,
      BOOKING_CONSENT_MESSAGE,
      PRIVACY_CONSENT_MESSAGE,
      fieldsToPutRightMessage(3),
      PAST_DATE_MESSAGE,
      UNAVAILABLE_DATE_MESSAGE,
      FULLY_BOOKED_MESSAGE,
      placesLeftMessage(3),
      formatTripWhen('2026-12-19', {start: '17:30'}),
      ...['new', 'contacted', 'confirmed', 'declined', 'closed'].map((status) =>
        travellerStatusTitle(status, [{status: 'new'}, {status: 'closed', action: 'withdraw'}]),
      ),
      ...Object.values(DEFAULT_PRIVACY_NOTICE).flatMap((value) =>
        typeof value === 'string' ? [value] : value.map((purpose) => purpose.text),
      ),
    ]
    for (const text of words) expect(britishCopyProblems(text), text).toEqual([])
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
