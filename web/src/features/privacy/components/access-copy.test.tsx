import {cleanup, render, screen, within} from '@testing-library/react'
import {afterEach, describe, expect, it} from 'vitest'

import {AccessCopyView} from './access-copy'

/** A person's copy of what we hold, read as a page: each kind in its own section, in words, never field names. */
const copy = {
  address: 'emma@example.com',
  requests: [],
  signups: [
    {
      _id: 'waitlist-1',
      _type: 'waitlistEntry',
      state: 'offered',
      experience_title: 'Lion’s Head Sunset Hike',
      date: '2026-12-24',
      joined_at: '2026-11-20T08:00:00Z',
      hold_until: '2026-11-21T22:30:00Z',
      consent_waitlist: true,
      consent_record: {
        version: 'abc123',
        agreed_at: '2026-11-20T08:00:00Z',
        checkboxes: [{text: 'I understand the waitlist is not a booking'}],
      },
    },
    {
      _id: 'signup-1',
      _type: 'newsletterSignup',
      status: 'pending',
      consented_at: '2026-11-19T10:00:00Z',
      confirm_nonce: 'secret-nonce',
    },
  ],
  mails: [],
  events: [],
}

describe('the traveller’s copy of their information', () => {
  afterEach(cleanup)

  it('puts a waitlist place under waitlist places, in words, with times on Cape Town’s clock', () => {
    render(<AccessCopyView copy={copy} />)
    const waitlist = screen.getByRole('region', {name: 'Waitlist places (1)'})
    expect(within(waitlist).getByText('Places offered to you')).toBeTruthy()
    // 22:30 UTC is half past midnight the next day in Cape Town.
    expect(within(waitlist).getByText('22 November 2026, 00:30 SAST')).toBeTruthy()
    expect(within(waitlist).getByText('Agreed to the waitlist terms')).toBeTruthy()
    expect(
      within(waitlist).getByText(
        'On 20 November 2026, 10:00 SAST you agreed to “I understand the waitlist is not a booking” (privacy notice version abc123).',
      ),
    ).toBeTruthy()
    const newsletter = screen.getByRole('region', {name: 'Newsletter sign-ups (1)'})
    expect(within(newsletter).getByText('Waiting for you to confirm your address')).toBeTruthy()
    expect(within(newsletter).queryByText('Places offered to you')).toBeNull()
    const page = document.body.textContent ?? ''
    for (const internal of ['consent waitlist', 'secret-nonce', '{', 'T08:00'])
      expect(page).not.toContain(internal)
    for (const word of ['state', 'offered', 'pending'])
      expect(screen.queryByText(word, {exact: true})).toBeNull()
  })
})
