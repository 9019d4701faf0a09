import {cleanup, fireEvent, render, screen, within} from '@testing-library/react'
import {QueryClient, QueryClientProvider} from '@tanstack/react-query'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {staffActionsOf, type StaffSessionResponse} from '@repo/schemas/staff-roles.ts'
import {problemBody} from '@repo/schemas/problem.ts'

import {AccountView} from './account-view'

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'

const session = (enabled: boolean): StaffSessionResponse => ({
  person: {id: 'staffMember.pat', name: 'Pat Jones', email: 'pat@team.example', role: 'staff'},
  actions: staffActionsOf('staff'),
  secondStep: {enabled, setupRequired: false},
  profile: {required: false},
})

const respond = (status: number, body: unknown) =>
  Promise.resolve(new Response(body === null ? null : JSON.stringify(body), {status}))

/** The requests the page sent, as `METHOD path`. */
let sent: string[] = []
/** Whether the server counts the sign-in as recent: false until the password is given again. */
let recent = false

beforeEach(() => {
  sent = []
  recent = false
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET'
      sent.push(`${method} ${url.replace('/api/staff', '')}`)
      if (url === '/api/staff/sessions') return respond(200, {sessions: []})
      if (url === '/api/staff/passkeys' && method === 'GET')
        return respond(200, {
          passkeys: [
            {
              key: '0123456789abcdef',
              createdAt: '2026-11-01T08:00:00.000Z',
              lastUsedAt: '2026-11-20T07:30:00.000Z',
              transports: ['internal'],
            },
            {
              key: 'fedcba9876543210',
              createdAt: '2026-11-02T08:00:00.000Z',
              lastUsedAt: null,
              transports: [],
            },
          ],
        })
      if (url === '/api/staff/reauthenticate') {
        const {password} = JSON.parse(String(init?.body)) as {password?: string}
        recent = password === 'my password'
        return recent
          ? respond(200, {authenticatedAt: '2026-11-28T08:00:00.000Z'})
          : respond(400, problemBody(400, 'That password or code is not right.', {code: 'reauthenticate'}))
      }
      if (!recent)
        return respond(
          403,
          problemBody(
            403,
            'Confirm it is you first: enter your password, or a code from your authenticator app.',
            {code: 'reauthenticate'},
          ),
        )
      if (url === '/api/staff/two-step' && method === 'POST')
        return respond(200, {
          secret: SECRET,
          uri: `otpauth://totp/Cape%20Curated:pat%40team.example?issuer=Cape%20Curated&secret=${SECRET}`,
          issuer: 'Cape Curated',
          qr: {size: 3, path: 'M1 1h1v1h-1z'},
        })
      if (url === '/api/staff/two-step' && method === 'DELETE') return respond(204, null)
      return respond(404, problemBody(404, 'Not found'))
    }),
  )
})

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function renderAccount(enabled = false) {
  const client = new QueryClient({defaultOptions: {queries: {retry: false}}})
  return render(
    <QueryClientProvider client={client}>
      <AccountView session={session(enabled)} />
    </QueryClientProvider>,
  )
}

describe('account: sign-in methods', () => {
  it('lists each passkey with when it was added and last used', async () => {
    renderAccount()
    const list = await screen.findByRole('list', {name: 'Your passkeys'})
    const items = within(list).getAllByRole('listitem')
    expect(items[0]!.textContent).toContain(
      'Passkey 1, added 1 November 2026, 10:00 SAST, last used 20 November 2026, 09:30 SAST',
    )
    expect(items[1]!.textContent).toContain('not used yet')
  })

  it('asks for the password again when the server wants a fresh proof, then sets the app up with a QR code', async () => {
    renderAccount()
    fireEvent.click(screen.getByRole('button', {name: 'Set up an authenticator app'}))
    const prompt = await screen.findByRole('region', {name: 'Confirm it is you'})
    expect(screen.queryByRole('img', {name: 'QR code for your authenticator app'})).toBeNull()
    // A person with no app yet proves it with their password only.
    expect(within(prompt).queryByRole('button', {name: /code from my app/})).toBeNull()
    fireEvent.change(within(prompt).getByLabelText('Your password'), {
      target: {value: 'not it'},
    })
    fireEvent.click(within(prompt).getByRole('button', {name: 'Confirm and continue'}))
    expect((await within(prompt).findByRole('alert')).textContent).toBe(
      'That password or code is not right.',
    )
    fireEvent.change(within(prompt).getByLabelText('Your password'), {
      target: {value: 'my password'},
    })
    fireEvent.click(within(prompt).getByRole('button', {name: 'Confirm and continue'}))
    // The change is sent again by itself once the proof holds.
    const qr = await screen.findByRole('img', {name: 'QR code for your authenticator app'})
    expect(qr.querySelector('path')?.getAttribute('d')).toBe('M1 1h1v1h-1z')
    expect(screen.queryByRole('region', {name: 'Confirm it is you'})).toBeNull()
    expect(screen.getByLabelText('Set-up key').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    )
    expect(screen.getByText('Cape Curated').tagName).toBe('STRONG')
    expect(sent.filter((request) => request === 'POST /two-step')).toHaveLength(2)
  })

  it('removes the app only after the proof, and offers a code from the app instead of the password', async () => {
    renderAccount(true)
    fireEvent.click(screen.getByRole('button', {name: 'Remove the app'}))
    const prompt = await screen.findByRole('region', {name: 'Confirm it is you'})
    fireEvent.click(within(prompt).getByRole('button', {name: 'Use a code from my app instead'}))
    expect(within(prompt).getByLabelText('Code from your authenticator app')).toBeTruthy()
    fireEvent.click(within(prompt).getByRole('button', {name: 'Use my password instead'}))
    fireEvent.change(within(prompt).getByLabelText('Your password'), {
      target: {value: 'my password'},
    })
    fireEvent.click(within(prompt).getByRole('button', {name: 'Confirm and continue'}))
    expect(
      await screen.findByText('Authenticator app removed. Signing in no longer asks for its code.'),
    ).toBeTruthy()
    expect(sent.filter((request) => request === 'DELETE /two-step')).toHaveLength(2)
  })
})
