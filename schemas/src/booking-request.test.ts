import {describe, expect, it} from 'vitest'

import {
  BOOKING_CONSENT_MESSAGE,
  bookingRequestSchema,
  EMAIL_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PRIVACY_CONSENT_MESSAGE,
} from './booking-request.ts'
import {itineraryRequestSchema} from './itinerary-request.ts'
import {newsletterSignupSchema} from './newsletter-signup.ts'
import {WRONG_ANSWER_MESSAGE} from './security-question.ts'

const valid = {
  experienceId: 'lions-head-sunset-hike',
  date: '2030-01-10',
  adults: 2,
  children: 0,
  name: 'Thandi Nkosi',
  email: 'thandi@example.com',
  consentBooking: true,
  consentPrivacy: true,
  securityAnswer: '7',
  challengeToken: 'abc.def',
}

describe('bookingRequestSchema', () => {
  it('accepts a minimal request and fills the optional fields', () => {
    const parsed = bookingRequestSchema.parse(valid)
    expect(parsed).toMatchObject({phone: '', country: '', marketingOptIn: false, website: ''})
  })

  it('says for each missing field what it needs, one message per field', () => {
    const result = bookingRequestSchema.safeParse({
      ...valid,
      name: ' ',
      email: '',
      consentBooking: false,
      consentPrivacy: false,
    })
    expect(result.success).toBe(false)
    const errors = result.error!.flatten().fieldErrors
    expect(errors.name).toEqual([NAME_REQUIRED_MESSAGE])
    expect(errors.email).toEqual([EMAIL_REQUIRED_MESSAGE])
    expect(errors.consentBooking).toEqual([BOOKING_CONSENT_MESSAGE])
    expect(errors.consentPrivacy).toEqual([PRIVACY_CONSENT_MESSAGE])
    const messages = [
      NAME_REQUIRED_MESSAGE,
      EMAIL_REQUIRED_MESSAGE,
      BOOKING_CONSENT_MESSAGE,
      PRIVACY_CONSENT_MESSAGE,
    ]
    expect(new Set(messages).size).toBe(messages.length)
    expect(
      bookingRequestSchema.safeParse({...valid, email: 'not-an-address'}).error!.flatten()
        .fieldErrors.email,
    ).toEqual(['Please enter a valid email address.'])
  })

  it('refuses line breaks in one-line fields (no header injection) and bad answers', () => {
    const result = bookingRequestSchema.safeParse({
      ...valid,
      name: 'Eve\r\nBcc: victim@example.com',
      securityAnswer: 'seven',
    })
    expect(result.error!.flatten().fieldErrors.name).toHaveLength(1)
    expect(result.error!.flatten().fieldErrors.securityAnswer).toEqual([WRONG_ANSWER_MESSAGE])
  })

  it('refuses impossible dates and fractional parties', () => {
    expect(bookingRequestSchema.safeParse({...valid, date: '2030-02-30'}).success).toBe(false)
    expect(bookingRequestSchema.safeParse({...valid, adults: 1.5}).success).toBe(false)
  })
})

describe('lead schemas', () => {
  it('needs the questionnaire names and email, and wizard travellers', () => {
    expect(
      itineraryRequestSchema.safeParse({
        source: 'questionnaire',
        firstName: 'A',
        lastName: 'B',
        email: 'a@b.co',
        securityAnswer: '7',
        challengeToken: 'abc.def',
      }).success,
    ).toBe(true)
    // A trip request answers the security question too: it stores and mails as a booking request does.
    const unanswered = itineraryRequestSchema.safeParse({
      source: 'wizard',
      name: 'A',
      email: 'a@b.co',
      travelers: '2',
    })
    expect(unanswered.error?.flatten().fieldErrors).toEqual({
      securityAnswer: [WRONG_ANSWER_MESSAGE],
      challengeToken: [WRONG_ANSWER_MESSAGE],
    })
    expect(
      itineraryRequestSchema.safeParse({source: 'questionnaire', firstName: 'A', email: 'a@b.co'})
        .success,
    ).toBe(false)
    expect(
      itineraryRequestSchema.safeParse({source: 'wizard', name: 'A', email: 'a@b.co'}).success,
    ).toBe(false)
  })

  it('stores a newsletter sign-up only with consent', () => {
    expect(
      newsletterSignupSchema.safeParse({name: 'A', email: 'a@b.co', consent: false}).success,
    ).toBe(false)
    expect(
      newsletterSignupSchema.safeParse({name: 'A', email: 'a@b.co', consent: true}).success,
    ).toBe(true)
  })
})
