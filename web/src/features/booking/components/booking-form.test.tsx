import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {fireEvent, render, screen, within} from '@testing-library/react'
import {MemoryRouter} from 'react-router-dom'
import {describe, expect, it} from 'vitest'

import {
  BOOKING_CONSENT_MESSAGE,
  EMAIL_REQUIRED_MESSAGE,
  NAME_REQUIRED_MESSAGE,
  PRIVACY_CONSENT_MESSAGE,
} from '@repo/schemas/booking-request.ts'

import {pageI18n} from '../../../i18n/catalogues'
import {createSiteI18n, I18nProvider} from '../../../i18n/i18n'
import {jsonAnswer, stubFetch} from '../../../test/form-sending'
import {BookingForm} from './booking-form'

const trip = {
  experienceId: 'lions-head-sunset-hike',
  date: '2027-03-03',
  adults: 2,
  children: 0,
  time: '',
}

function renderForm(language: 'en' | 'de' = 'en') {
  const client = new QueryClient({defaultOptions: {queries: {retry: false}}})
  render(
    <I18nProvider value={createSiteI18n(pageI18n(language))}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BookingForm trip={trip} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nProvider>,
  )
}

/** The error a control names with `aria-describedby`, as a screen reader reads it after the control. */
const errorOf = (control: HTMLElement) =>
  document.getElementById(control.getAttribute('aria-describedby') ?? '')?.textContent ?? null

describe('the booking form’s errors', () => {
  const fetchStub = stubFetch()

  it('says under each missing field what that field needs, and sends nothing', async () => {
    fetchStub.mock.mockImplementation(async (url: string) =>
      url === '/api/challenge'
        ? jsonAnswer({question: 'What is 3 + 4?', token: 't', expiresAt: '2099-01-01'}, 200)
        : jsonAnswer(null, 200),
    )
    renderForm()
    fireEvent.click(screen.getByRole('button', {name: 'Send booking request'}))
    const name = await screen.findByRole('textbox', {
      name: /^Full name/,
      description: NAME_REQUIRED_MESSAGE,
    })
    expect(errorOf(name)).toBe(NAME_REQUIRED_MESSAGE)
    expect(errorOf(screen.getByRole('textbox', {name: /^Email/}))).toBe(EMAIL_REQUIRED_MESSAGE)
    expect(errorOf(screen.getByRole('checkbox', {name: /not a confirmed booking/}))).toBe(
      BOOKING_CONSENT_MESSAGE,
    )
    expect(errorOf(screen.getByRole('checkbox', {name: /privacy policy/}))).toBe(
      PRIVACY_CONSENT_MESSAGE,
    )
    // Each message is said once, beside its own field; the summary above says how many to put right.
    const form = screen.getByRole('button', {name: 'Send booking request'}).closest('form')!
    for (const message of [NAME_REQUIRED_MESSAGE, EMAIL_REQUIRED_MESSAGE])
      expect(within(form).getAllByText(message)).toHaveLength(1)
    expect(screen.getByText(/^Please put right the \d+ fields marked below\.$/)).toBeTruthy()
    expect(fetchStub.mock.mock.calls.map(([url]) => url)).not.toContain('/api/booking-requests')
  })

  it('says it in the visitor’s language: German labels and the schema’s messages in German words', async () => {
    fetchStub.mock.mockImplementation(async (url: string) =>
      url === '/api/challenge'
        ? jsonAnswer({question: 'What is 3 + 4?', token: 't', expiresAt: '2099-01-01'}, 200)
        : jsonAnswer(null, 200),
    )
    renderForm('de')
    fireEvent.click(screen.getByRole('button', {name: 'Buchungsanfrage senden'}))
    const name = await screen.findByRole('textbox', {
      name: /^Vor- und Nachname/,
      description: 'Bitte geben Sie Ihren vollständigen Namen ein.',
    })
    expect(errorOf(name)).toBe('Bitte geben Sie Ihren vollständigen Namen ein.')
    expect(errorOf(screen.getByRole('textbox', {name: /^E-Mail/}))).toBe(
      'Bitte geben Sie Ihre E-Mail-Adresse an, damit wir Ihnen antworten können.',
    )
    // The summary's count through the catalogue's ICU plural.
    expect(
      screen.getByText(/^Bitte korrigieren Sie die \d+ unten markierten Felder\.$/),
    ).toBeTruthy()
    expect(screen.queryByText(NAME_REQUIRED_MESSAGE)).toBeNull()
    expect(fetchStub.mock.mock.calls.map(([url]) => url)).not.toContain('/api/booking-requests')
  })
})
