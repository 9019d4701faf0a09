import {cleanup, screen, waitFor} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {bookingRulesProjection} from '@repo/schemas/booking-rules-query.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {jsonAnswer} from '../../test/form-sending'
import {fixtureFetcher, renderApp} from '../../test/render-app'
import {allBookingRulesQuery} from './api/all-booking-rules-query'

/**
 * The home page's date search on the listing: an experience closed on the date (a blackout, a departure staff
 * cancelled, a full one) is not offered for it; one open on it is, with the date carried to its booking page.
 */
const DATE = addDays(todayInCapeTown(), 30)
const LIONS_HEAD = 'experience-lions-head'

const rules = (blackoutDates: string[]) => [
  {
    experienceId: LIONS_HEAD,
    minPax: 1,
    maxPax: 8,
    blackoutDates,
    timeSlots: [],
    leadTimeDays: 2,
    capacity: 8,
    slotCapacities: [],
    capacityOverrides: [],
  },
]

function stubAvailability(answer: {departures?: unknown[]; cancelled?: string[]}) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      String(url).startsWith('/api/availability')
        ? jsonAnswer(
            {experience: 'x', from: DATE, to: DATE, unlimited: false, departures: [], ...answer},
            200,
          )
        : jsonAnswer({}, 404),
    ),
  )
}

function openListing(blackoutDates: string[]) {
  return renderApp(`/experiences?date=${DATE}&paxA=2&paxC=0`, async (query, params) =>
    query.includes('"experienceId": experience._ref')
      ? rules(blackoutDates)
      : fixtureFetcher(query, params),
  )
}

describe('the listing for a searched date', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('reads every rule the booking function reads', () => {
    expect(allBookingRulesQuery).toContain(bookingRulesProjection.slice(1, -1))
  })

  it('does not offer an experience on its blackout date: it says so and asks for another date', async () => {
    stubAvailability({})
    openListing([DATE])
    const choose = await screen.findByRole('link', {
      name: /^Choose another date: Lion.s Head Sunset Hike/,
    })
    expect(choose.getAttribute('href')).toBe('/book/lions-head-sunset-hike?pax=2%2C0')
    expect(screen.getByText(/^Not available on /)).toBeTruthy()
    expect(screen.queryByRole('link', {name: /^Book Experience: Lion.s Head/})).toBeNull()
  })

  it('does not offer a departure staff cancelled, nor a full one', async () => {
    stubAvailability({cancelled: [DATE]})
    openListing([])
    expect(
      await screen.findByRole('link', {name: /^Choose another date: Lion.s Head Sunset Hike/}),
    ).toBeTruthy()
    cleanup()
    stubAvailability({departures: [{date: DATE, slot: '', taken: 8}]})
    openListing([])
    await screen.findByText(/^Fully booked on /)
  })

  it('offers an open date with the date carried to the booking page', async () => {
    stubAvailability({})
    openListing([])
    const book = await screen.findByRole('link', {name: /^Book Experience: Lion.s Head/})
    await waitFor(() => expect(screen.queryByText(/^Not available on /)).toBeNull())
    expect(book.getAttribute('href')).toBe(`/book/lions-head-sunset-hike?date=${DATE}&pax=2%2C0`)
  })
})
