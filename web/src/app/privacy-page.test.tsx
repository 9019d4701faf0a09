import {cleanup, screen, within} from '@testing-library/react'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {fixtureFetcher, renderApp} from '../test/render-app'

/**
 * The privacy page states what POPIA asks a notice to state, in the editors' words (the privacy notice document):
 * the responsible party's name and address, what is required and what happens without it (s18), who else
 * processes the information and whether it goes abroad (s72), the Information Regulator, and the notice's version.
 */
const notice = {
  informationOfficerName: 'Naledi Dlamini',
  informationOfficerEmail: 'privacy@capecurated.co.za',
  informationOfficerPhone: '',
  intro: 'We only ask for what we need.',
  purposes: [{title: 'Your requests', text: 'To reply to you.'}],
  rights: 'You may ask to see, correct or delete your details.',
  legalName: 'Cape Curated (Pty) Ltd',
  address: '14 Bree Street, Cape Town 8001, South Africa',
  requiredDetails: 'A request needs your name and email address: without them we cannot reply.',
  processors: 'Our hosting provider stores your requests; our mail provider delivers our emails.',
  transfers: 'Our mail provider may process your address in the European Union (section 72).',
  regulator: 'Information Regulator (South Africa), JD House, 27 Stiemens Street, Braamfontein.',
  noticeVersion: '2',
  noticeDate: '2026-11-28',
}

describe('the privacy page', () => {
  beforeEach(() => {
    window.scrollTo = vi.fn() as unknown as typeof window.scrollTo
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', {status: 503})),
    )
  })
  afterEach(() => {
    cleanup()
    vi.unstubAllGlobals()
  })

  it('names the responsible party, what is required, who else handles it, the regulator and its version', async () => {
    renderApp('/privacy', async (query, params) =>
      query.includes('"privacyNotice"') ? notice : fixtureFetcher(query, params),
    )
    await screen.findByRole('heading', {name: 'Privacy', level: 1})
    const main = within(screen.getByRole('main'))
    expect(main.getByText('Cape Curated (Pty) Ltd')).toBeTruthy()
    expect(main.getByText(notice.address)).toBeTruthy()
    expect(main.getByRole('heading', {name: 'Which details we need'})).toBeTruthy()
    expect(main.getByText(notice.requiredDetails)).toBeTruthy()
    expect(main.getByRole('heading', {name: 'Who else handles it'})).toBeTruthy()
    expect(main.getByText(notice.processors)).toBeTruthy()
    expect(main.getByRole('heading', {name: 'Outside South Africa'})).toBeTruthy()
    expect(main.getByText(notice.transfers)).toBeTruthy()
    expect(main.getByRole('heading', {name: 'The Information Regulator'})).toBeTruthy()
    expect(main.getByText(notice.regulator)).toBeTruthy()
    expect(screen.getByTestId('privacy-notice-version').textContent).toBe(
      'Version 2 of this notice, in force from 28 November 2026.',
    )
  })
})
