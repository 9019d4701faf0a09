import {cleanup, fireEvent, screen, waitFor, within} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {renderApp} from '../../../test/render-app'

describe('experience detail dialog and the exp query parameter', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
    window.dataLayer = []
  })
  afterEach(cleanup)

  it('opens from "Learn more", mirrors the slug in ?exp= and clears it on close', async () => {
    const {router} = renderApp('/experiences?category=adventure')
    const learnMore = await screen.findByRole('button', {
      name: "Learn more about Lion's Head Sunset Hike",
    })
    learnMore.focus()
    fireEvent.click(learnMore)

    const dialog = await screen.findByRole('dialog', {name: "Lion's Head Sunset Hike"})
    const params = new URLSearchParams(router.state.location.search)
    expect(params.get('exp')).toBe('lions-head-sunset-hike')
    expect(params.get('category')).toBe('adventure')
    // Set by effects after the dialog renders: on a loaded machine they can land a moment later.
    await waitFor(() => expect(document.body.getAttribute('data-modal-open')).toBe('true'))
    await waitFor(() =>
      expect(window.dataLayer).toContainEqual(
        expect.objectContaining({event: 'experience_detail_opened'}),
      ),
    )

    fireEvent.click(within(dialog).getByRole('button', {name: 'Close'}))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(new URLSearchParams(router.state.location.search).get('exp')).toBeNull()
    expect(router.state.location.search).toBe('?category=adventure')
    expect(document.activeElement).toBe(learnMore)
    expect(window.dataLayer).toContainEqual(
      expect.objectContaining({event: 'experience_detail_closed'}),
    )
  })

  it('opens automatically when ?exp= matches, and Escape closes it', async () => {
    const {router} = renderApp('/experiences?exp=lions-head-sunset-hike')
    const dialog = await screen.findByRole('dialog', {name: "Lion's Head Sunset Hike"})
    expect(within(dialog).getByText('From ZAR 450 per person')).toBeTruthy()
    for (const heading of [
      'Highlights',
      'What to expect',
      'What’s included',
      'Optional extras',
      'What to bring',
      'Good to know',
      'Meeting & pick-up',
      'Cancellation & changes',
      'FAQs',
    ]) {
      expect(within(dialog).getByRole('heading', {name: heading, level: 3})).toBeTruthy()
    }
    expect(within(dialog).getByRole('button', {name: 'Book this experience'})).toBeTruthy()

    fireEvent.keyDown(document.activeElement ?? dialog, {key: 'Escape'})
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(router.state.location.search).toBe('')
  })

  it('ignores an exp value that matches no experience', async () => {
    renderApp('/experiences?exp=no-such-thing')
    await screen.findByRole('heading', {name: 'Adventure & Outdoors'})
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('keeps one FAQ open at a time', async () => {
    renderApp('/experiences?exp=lions-head-sunset-hike')
    const dialog = await screen.findByRole('dialog')
    const first = within(dialog).getByRole('button', {name: /Is it steep\?/})
    const second = within(dialog).getByRole('button', {name: /Do you run it in winter\?/})
    fireEvent.click(first)
    expect(first.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(second)
    expect(first.getAttribute('aria-expanded')).toBe('false')
    expect(second.getAttribute('aria-expanded')).toBe('true')
    expect(within(dialog).getByText('Yes, weather permitting.').hidden).toBe(false)
    expect(within(dialog).getByText('Yes, near the top.').hidden).toBe(true)
  })

  it('gives the bespoke card the questionnaire and itinerary buttons', async () => {
    renderApp('/experiences?category=bespoke')
    expect(await screen.findByRole('link', {name: 'Start Questionnaire'})).toHaveProperty(
      'pathname',
      '/questionnaire',
    )
    expect(screen.getByRole('link', {name: 'View Sample Itinerary'})).toHaveProperty(
      'pathname',
      '/itinerary/bespoke-7-day',
    )
  })
})
