import {cleanup, render, screen} from '@testing-library/react'
import {MemoryRouter} from 'react-router-dom'
import {afterEach, describe, expect, it} from 'vitest'

import {DepartureAlternatives} from './departure-alternatives'

describe('the nearest dates with room', () => {
  afterEach(cleanup)

  it('are listed in date order, whatever order the nearest came in', () => {
    render(
      <MemoryRouter>
        <DepartureAlternatives
          alternatives={[
            {date: '2026-12-11', slot: '', left: 4},
            {date: '2026-12-13', slot: '', left: 2},
            {date: '2026-12-10', slot: '', left: 6},
          ]}
          link={{experienceId: 'lions-head-sunset-hike', adults: 2, children: 0}}
        />
      </MemoryRouter>,
    )
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Thu 10 Dec 2026 · 6 places left',
      'Fri 11 Dec 2026 · 4 places left',
      'Sun 13 Dec 2026 · 2 places left',
    ])
  })
})
