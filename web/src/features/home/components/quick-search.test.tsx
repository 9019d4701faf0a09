import {cleanup, fireEvent, render, screen} from '@testing-library/react'
import {createMemoryRouter, RouterProvider} from 'react-router-dom'
import {afterEach, describe, expect, it} from 'vitest'

import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {QuickSearch, quickSearchHref} from './quick-search'

describe('quickSearchHref', () => {
  it('sends Bespoke to the questionnaire with date, paxA and paxC', () => {
    expect(quickSearchHref({date: '2027-01-10', adults: 3, children: 1, category: 'bespoke'})).toBe(
      '/questionnaire?date=2027-01-10&paxA=3&paxC=1',
    )
  })

  it('sends other categories to the listing with the #results anchor', () => {
    expect(quickSearchHref({date: '2027-01-10', adults: 2, children: 0, category: 'scenic'})).toBe(
      '/experiences?category=scenic&date=2027-01-10&paxA=2&paxC=0#results',
    )
  })

  it('leaves the category out for All, and the date out when none is chosen', () => {
    expect(quickSearchHref({date: '', adults: 1, children: 0, category: 'all'})).toBe(
      '/experiences?paxA=1&paxC=0#results',
    )
  })
})

describe('QuickSearch', () => {
  afterEach(cleanup)

  function setup() {
    const router = createMemoryRouter(
      [
        {
          path: '/',
          element: <QuickSearch heading="Find your experience" buttonLabel="Find Options" />,
        },
        {path: '*', element: <p>Elsewhere</p>},
      ],
      {initialEntries: ['/']},
    )
    render(<RouterProvider router={router} />)
    return router
  }

  it('offers adults 1-20, children 0-10 and dates from two days ahead', () => {
    setup()
    const adults = screen.getByLabelText<HTMLSelectElement>('Adults')
    const children = screen.getByLabelText<HTMLSelectElement>('Children')
    expect([...adults.options].map((o) => o.value)).toEqual(
      Array.from({length: 20}, (_, i) => String(i + 1)),
    )
    expect([...children.options].map((o) => o.value)).toEqual(
      Array.from({length: 11}, (_, i) => String(i)),
    )
    expect(screen.getByLabelText<HTMLInputElement>('Date').min).toBe(addDays(todayInCapeTown(), 2))
  })

  it('navigates with the chosen values', async () => {
    const router = setup()
    const date = addDays(todayInCapeTown(), 10)
    fireEvent.change(screen.getByLabelText('Date'), {target: {value: date}})
    fireEvent.change(screen.getByLabelText('Adults'), {target: {value: '4'}})
    fireEvent.click(screen.getByRole('radio', {name: 'Food & Drink'}))
    fireEvent.click(screen.getByRole('button', {name: 'Find Options'}))
    await screen.findByText('Elsewhere')
    expect(router.state.location.pathname).toBe('/experiences')
    expect(router.state.location.search).toBe(`?category=food-drink&date=${date}&paxA=4&paxC=0`)
    expect(router.state.location.hash).toBe('#results')
  })

  it('refuses a date earlier than two days ahead', () => {
    const router = setup()
    fireEvent.change(screen.getByLabelText('Date'), {target: {value: todayInCapeTown()}})
    fireEvent.click(screen.getByRole('button', {name: 'Find Options'}))
    expect(screen.getByRole('alert').textContent).toMatch(/at least two days/)
    expect(router.state.location.pathname).toBe('/')
  })
})
