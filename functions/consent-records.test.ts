import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {BOOKING_CONSENT_TEXTS, TRIP_REQUEST_CONSENT_TEXT} from '@repo/schemas/consent-texts.ts'

import {startTestLake, type TestLake} from '../lake/src/testing/start-test-lake.ts'
import {createBookingRequest} from './create-booking-request/handler.ts'
import {createItineraryRequest} from './create-itinerary-request/handler.ts'
import {createNewsletterSignup} from './create-newsletter-signup/handler.ts'
import {createChallengeService, type ChallengeService} from './lib/challenge.ts'
import {consentNoticeLoader, consentVersionId, type ConsentNotice} from './lib/consent-record.ts'
import {mailContentLoader} from './lib/mail-content.ts'
import {createRateLimiter} from './lib/rate-limit.ts'
import {jsonPost} from './lib/testing/json-request.ts'
import {solvedQuestion} from './lib/testing/solve-question.ts'

let lake: TestLake
let challenges: ChallengeService
const ctx = {clientAddress: '10.0.0.9'}
const limiter = () => createRateLimiter({limit: 1000, windowMs: 60_000})
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
const published = () => lake.client({perspective: 'published'})
const admin = () => lake.client({token: lake.secrets.rootToken})

/** What an editor publishes in the studio: the notice, and the newsletter box in site settings. */
const NOTICE = {
  _id: 'privacyNotice',
  _type: 'privacyNotice',
  informationOfficerName: 'Thandi Mokoena',
  informationOfficerEmail: 'privacy@capecurated.example',
  intro: 'We keep only what we need to run your experience.',
  purposes: [{_key: 'a', _type: 'step', title: 'Requests', text: 'To answer your request.'}],
  rights: 'You may ask to see, correct or delete your details.',
}

beforeAll(async () => {
  lake = await startTestLake()
  challenges = createChallengeService({secret: 'consent-test-secret-01', bookings: bookings()})
  await admin()
    .transaction()
    .createOrReplace({
      _id: 'exp-hike',
      _type: 'experience',
      title: "Lion's Head Sunset Hike",
      slug: {_type: 'slug', current: 'lions-head-sunset-hike'},
    })
    .createOrReplace({
      _id: 'settings-hike',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'exp-hike'},
      minPax: 1,
      maxPax: 8,
      timeSlots: ['Morning', 'Sunset'],
      leadTimeDays: 2,
    })
    .createOrReplace({
      _id: 'siteSettings',
      _type: 'siteSettings',
      siteName: 'Cape Curated',
      newsletterConsentLabel: 'Yes, send me the newsletter.',
    })
    .createOrReplace(NOTICE)
    .commit()
})
afterAll(async () => {
  await lake?.stop()
})

// A fresh loader per request: the two-second cache is not what these tests are about.
const current = () => consentNoticeLoader(published())()

const book = (email: string) =>
  createBookingRequest(
    jsonPost('/api/booking-requests', {
      experienceId: 'lions-head-sunset-hike',
      date: '2030-01-05',
      preferredTime: 'Sunset',
      adults: 2,
      children: 0,
      name: 'Thandi Nkosi',
      email,
      consentBooking: true,
      consentPrivacy: true,
      ...solvedQuestion(challenges),
    }),
    ctx,
    {
      content: published(),
      bookings: bookings(),
      challenges,
      rateLimiter: limiter(),
      notify: {mails: async () => [], stored: () => {}},
      consentNotice: current,
      today: () => '2030-01-01',
    },
  )

const askForTrip = (email: string) =>
  createItineraryRequest(
    jsonPost('/api/itinerary-requests', {
      source: 'wizard',
      name: 'Ola',
      email,
      travelers: '2',
      ...solvedQuestion(challenges),
    }),
    ctx,
    {
      bookings: bookings(),
      challenges,
      rateLimiter: limiter(),
      notify: async () => {},
      teamEmail: 'team@example.com',
      mailContent: mailContentLoader(published()),
      consentNotice: current,
      today: () => '2030-01-01',
    },
  )

const signUp = (email: string) =>
  createNewsletterSignup(
    jsonPost('/api/newsletter-signups', {name: 'Bea', email, consent: true, sourcePage: '/'}),
    ctx,
    {
      bookings: bookings(),
      rateLimiter: limiter(),
      notify: async () => {},
      teamEmail: 'team@example.com',
      mailContent: mailContentLoader(published()),
      consentNotice: current,
      links: {siteUrl: 'https://example.com', secret: 'consent-test-link-secret'},
    },
  )

type Recorded = {
  consent_record: {version: string; agreed_at: string; checkboxes: {key: string; text: string}[]}
}

const recordOf = (type: string, email: string) =>
  bookings().fetch<Recorded | null>(`*[_type == $type && email == $email][0]{consent_record}`, {
    type,
    email,
  })

describe('consent records with the real lake', () => {
  it('records the version in force and each box’s words with every request, and a published change is a new version', async () => {
    const before: ConsentNotice = await current()
    expect(before.version).toMatch(/^[0-9a-f]{16}$/)
    expect(before.notice.informationOfficerName).toBe('Thandi Mokoena')
    expect(before.checkboxes.newsletter).toBe('Yes, send me the newsletter.')

    expect((await book('one@example.com')).status).toBe(201)
    expect((await askForTrip('one@example.com')).status).toBe(201)
    expect((await signUp('one@example.com')).status).toBe(201)

    const booking = await recordOf('booking', 'one@example.com')
    expect(booking?.consent_record).toMatchObject({
      version: before.version,
      agreed_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      checkboxes: [
        {key: 'bookingRequest', text: BOOKING_CONSENT_TEXTS.bookingRequest},
        {key: 'privacy', text: BOOKING_CONSENT_TEXTS.privacy},
      ],
    })
    expect((await recordOf('itineraryRequest', 'one@example.com'))?.consent_record).toMatchObject({
      version: before.version,
      checkboxes: [{key: 'tripRequest', text: TRIP_REQUEST_CONSENT_TEXT}],
    })
    expect((await recordOf('newsletterSignup', 'one@example.com'))?.consent_record).toMatchObject({
      version: before.version,
      checkboxes: [{key: 'newsletter', text: 'Yes, send me the newsletter.'}],
    })
    // The version's words are kept in the private dataset, readable long after the notice changed.
    const kept = await bookings().getDocument(consentVersionId(before.version))
    expect(kept).toMatchObject({
      version: before.version,
      notice: {informationOfficerName: 'Thandi Mokoena', intro: NOTICE.intro},
    })

    // An editor publishes a changed notice: the next requests record a new version, the old one stays as it was.
    await admin()
      .patch('privacyNotice')
      .set({intro: 'We keep only what we need, and only as long as the page below says.'})
      .commit()
    const after = await current()
    expect(after.version).not.toBe(before.version)
    expect((await book('two@example.com')).status).toBe(201)
    expect((await signUp('two@example.com')).status).toBe(201)
    expect((await recordOf('booking', 'two@example.com'))?.consent_record.version).toBe(
      after.version,
    )
    expect((await recordOf('newsletterSignup', 'two@example.com'))?.consent_record.version).toBe(
      after.version,
    )
    expect((await recordOf('booking', 'one@example.com'))?.consent_record.version).toBe(
      before.version,
    )
    const old = await bookings().getDocument(consentVersionId(before.version))
    expect(old).toMatchObject({notice: {intro: NOTICE.intro}})
    expect(old?._rev).toBe(kept?._rev)

    // A changed newsletter box is a new version too; a draft (unpublished) change is none.
    await admin().createOrReplace({...NOTICE, _id: 'drafts.privacyNotice', intro: 'Draft only'})
    expect((await current()).version).toBe(after.version)
    await admin().patch('siteSettings').set({newsletterConsentLabel: 'Yes please.'}).commit()
    expect((await current()).version).not.toBe(after.version)
  })

  it('a failed read of the notice stores nothing and says so', async () => {
    const errors: unknown[] = []
    const response = await createNewsletterSignup(
      jsonPost('/api/newsletter-signups', {
        name: 'Cy',
        email: 'cy@example.com',
        consent: true,
      }),
      ctx,
      {
        bookings: bookings(),
        rateLimiter: limiter(),
        notify: async () => {},
        teamEmail: 'team@example.com',
        mailContent: mailContentLoader(published()),
        consentNotice: () => Promise.reject(new Error('lake unavailable')),
        links: {siteUrl: 'https://example.com', secret: 'consent-test-link-secret'},
        onError: (error) => errors.push(error),
      },
    )
    expect(response.status).toBe(503)
    expect(errors).toHaveLength(1)
    expect(await recordOf('newsletterSignup', 'cy@example.com')).toBeNull()
  })
})
