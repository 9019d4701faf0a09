import {dehydrate, QueryClientProvider, useQuery} from '@tanstack/react-query'
import {cleanup, render, screen} from '@testing-library/react'
import {afterEach, describe, expect, it, vi} from 'vitest'

import {createQueryClient, hydrateServerState} from './query-client'

const KEY = ['home']

/** What the server sends with a page it rendered `age` ms ago and kept since (its page cache, a shared cache). */
function pageRenderedAgo(age: number) {
  const server = createQueryClient()
  server.setQueryData(KEY, {heading: 'Cape Town, the local way'}, {updatedAt: Date.now() - age})
  return dehydrate(server)
}

/** The page's component reading the content, with a `queryFn` that counts the browser's reads. */
function renderPage({staleTime}: {staleTime?: number} = {}) {
  const read = vi.fn(async () => ({heading: 'Read again in the browser'}))
  function Page() {
    const {data} = useQuery({
      queryKey: KEY,
      queryFn: read,
      ...(staleTime === undefined ? {} : {staleTime}),
    })
    return <h1>{data?.heading}</h1>
  }
  const browser = createQueryClient()
  return {
    browser,
    read,
    mount: () =>
      render(
        <QueryClientProvider client={browser}>
          <Page />
        </QueryClientProvider>,
      ),
  }
}

/** Long enough for a refetch on mount to have been started and answered. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50))

describe('hydrateServerState', () => {
  afterEach(cleanup)

  it('hydrates a page the server kept for a minute without reading its content again', async () => {
    const page = renderPage()
    hydrateServerState(page.browser, pageRenderedAgo(60_000))
    page.mount()
    await settle()
    expect(page.read).not.toHaveBeenCalled()
    expect(screen.getByRole('heading').textContent).toBe('Cape Town, the local way')
  })

  it('lets the page’s reads go stale five seconds after it started, like any other read', async () => {
    const page = renderPage()
    hydrateServerState(page.browser, pageRenderedAgo(60_000), Date.now() - 5_001)
    page.mount()
    expect(await screen.findByText('Read again in the browser')).toBeTruthy()
    expect(page.read).toHaveBeenCalledTimes(1)
  })

  it('still reads afresh what is always read afresh (staleTime 0)', async () => {
    const page = renderPage({staleTime: 0})
    hydrateServerState(page.browser, pageRenderedAgo(0))
    page.mount()
    expect(await screen.findByText('Read again in the browser')).toBeTruthy()
    expect(page.read).toHaveBeenCalledTimes(1)
  })

  it('keeps a read newer than the page’s start as it is', () => {
    const browser = createQueryClient()
    const state = pageRenderedAgo(0)
    const newer = state.queries[0]!.state.dataUpdatedAt
    hydrateServerState(browser, state, newer - 1_000)
    expect(browser.getQueryState(KEY)?.dataUpdatedAt).toBe(newer)
  })
})
