import {act, cleanup, render} from '@testing-library/react'
import {createMemoryRouter, Outlet, RouterProvider} from 'react-router-dom'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {keepsScroll, ScrollManager} from './scroll-manager'

function setup(initial = '/') {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollManager />
            <Outlet />
          </>
        ),
        children: [{path: '*', element: <h2 id="team">Team</h2>}],
      },
    ],
    {initialEntries: [initial]},
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('ScrollManager', () => {
  let scrollTo: ReturnType<typeof vi.fn>
  let scrollIntoView: ReturnType<typeof vi.fn>

  beforeEach(() => {
    scrollTo = vi.fn()
    scrollIntoView = vi.fn()
    window.scrollTo = scrollTo as unknown as typeof window.scrollTo
    Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView']
    window.history.scrollRestoration = 'auto'
  })
  afterEach(cleanup)

  it('sets browser scroll restoration to manual', () => {
    setup()
    expect(window.history.scrollRestoration).toBe('manual')
  })

  it('scrolls to the top on a route change', async () => {
    const router = setup('/')
    await act(() => router.navigate('/about'))
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
  })

  it('keeps the position on paths starting with /experiences', async () => {
    const router = setup('/')
    await act(() => router.navigate('/experiences?category=scenic'))
    await act(() => router.navigate('/experiences/sunset-cruise'))
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('scrolls the hash target into view instead of to the top', async () => {
    const router = setup('/')
    await act(() => router.navigate('/about#team'))
    expect(scrollTo).not.toHaveBeenCalled()
    expect(scrollIntoView).toHaveBeenCalledTimes(1)
    expect(scrollIntoView.mock.contexts[0]).toHaveProperty('id', 'team')
  })

  it('does not scroll on the first render', () => {
    setup('/stories')
    expect(scrollTo).not.toHaveBeenCalled()
  })

  it('matches exactly the listing paths', () => {
    expect(keepsScroll('/experiences')).toBe(true)
    expect(keepsScroll('/experiences/lions-head-sunset-hike')).toBe(true)
    expect(keepsScroll('/stories/cape-jazz-scene')).toBe(false)
    expect(keepsScroll('/')).toBe(false)
  })
})
