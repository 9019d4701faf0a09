import {cleanup, fireEvent, screen, waitFor, within} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {renderApp} from '../test/render-app'

describe('route table', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
  })
  afterEach(cleanup)

  it('replaces /experiences/custom with the bespoke listing', async () => {
    const {router} = renderApp('/experiences/custom')
    await waitFor(() => expect(router.state.location.pathname).toBe('/experiences'))
    expect(router.state.location.search).toBe('?category=bespoke')
    expect(router.state.historyAction).toBe('REPLACE')
    expect(await screen.findByRole('heading', {name: 'Bespoke', level: 2})).toBeTruthy()
    expect(screen.getByRole('link', {name: 'Bespoke'}).getAttribute('aria-current')).toBe('true')
  })

  it.each(['/about-us', '/aboutus'])(
    'redirects %s to /about keeping the query string',
    async (path) => {
      const {router} = renderApp(`${path}?utm_source=mail&x=1`)
      await waitFor(() => expect(router.state.location.pathname).toBe('/about'))
      expect(router.state.location.search).toBe('?utm_source=mail&x=1')
      expect(await screen.findByRole('heading', {name: 'Our Story', level: 1})).toBeTruthy()
    },
  )

  it.each(['/stories', '/local-stories'])('lists the stories at %s', async (path) => {
    renderApp(path)
    expect(await screen.findByRole('link', {name: 'The Cape Jazz Scene'})).toHaveProperty(
      'pathname',
      '/stories/cape-jazz-scene',
    )
  })

  it('moves focus to the main region after following a link to another page', async () => {
    renderApp('/stories')
    const nav = await screen.findByRole('navigation', {name: 'Main'})
    fireEvent.click(within(nav).getByRole('link', {name: 'About Us'}))
    expect(await screen.findByRole('heading', {name: 'Our Story', level: 1})).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByRole('main'))
  })

  it('shows the not-found page for an unknown path', async () => {
    renderApp('/no-such-page')
    expect(await screen.findByRole('heading', {name: 'Oops! Page not found'})).toBeTruthy()
    expect(screen.getByRole('link', {name: 'Return to Home'})).toHaveProperty('pathname', '/')
  })

  it('shows the not-found page for an experience that does not exist', async () => {
    renderApp('/experiences/no-such-experience')
    expect(await screen.findByRole('heading', {name: 'Oops! Page not found'})).toBeTruthy()
  })

  it('renders an experience page with its price and booking buttons', async () => {
    renderApp('/experiences/lions-head-sunset-hike')
    expect(
      await screen.findByRole('heading', {name: "Lion's Head Sunset Hike", level: 1}),
    ).toBeTruthy()
    expect(screen.getAllByText('From ZAR 450 per person').length).toBeGreaterThan(0)
    expect(screen.getByText('Small groups')).toBeTruthy()
    const main = within(screen.getByRole('main'))
    // Both open the booking dialog, as an experience's detail page does.
    expect(main.getByRole('button', {name: 'Book Experience'})).toBeTruthy()
    expect(main.getByRole('button', {name: 'Book Now'})).toBeTruthy()
    expect(screen.getByRole('heading', {name: 'Quick Info'})).toBeTruthy()
  })
})
