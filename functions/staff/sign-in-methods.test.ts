import {Secret, TOTP} from 'otpauth'
import QRCode from 'qrcode'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {britishCopyProblems} from '@repo/schemas/british-copy.ts'
import {problemBody} from '@repo/schemas/problem.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {createOutbox, smtpTransport, type Outbox} from '../lib/mailer.ts'
import {openSealedLink} from '../lib/sealed-link.ts'
import {startSmtpListener} from '../lib/testing/smtp-listener.ts'
import {staffMemberDocument} from './staff-accounts.ts'
import {REAUTHENTICATE_MESSAGE, RECENT_AUTHENTICATION_MS} from './sign-in-methods.ts'
import {SESSION_COOKIE} from './staff-session.ts'
import {TEST_LINK_SECRET} from './testing/decision-deps.ts'
import {TEST_STAFF_PASSWORD, staffTestApp, type StaffTestApp} from './testing/staff-test-app.ts'

/**
 * A person's sign-in methods change only with a fresh proof (issue 43 §3): a session alone, as a stolen cookie is,
 * adds no passkey and sets, replaces or removes no authenticator app. Each change is told by mail (delivered to a
 * real SMTP listener), and a password reset by mail removes every passkey, having said how many there are.
 */
const PASSWORD = TEST_STAFF_PASSWORD
const EMAIL = 'lindiwe@team.example'
const ID = 'staffMember.lindiwe'
const TEAM = 'hello@capecurated.example'

let lake: TestLake
let smtp: Awaited<ReturnType<typeof startSmtpListener>>
let outbox: Outbox
let request: StaffTestApp['request']
let clock = Date.parse('2026-11-28T08:00:00Z')
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

const passkey = (key: string) => ({
  _key: key,
  id: `credential-${key}`,
  publicKey: 'cHVibGljIGtleQ',
  counter: 0,
  transports: ['internal'],
  createdAt: '2026-11-01T08:00:00.000Z',
})

beforeAll(async () => {
  lake = await startTestLake()
  smtp = await startSmtpListener()
  outbox = createOutbox({
    bookings: bookings(),
    transport: smtpTransport(smtp.url),
    from: 'team@site.test',
    now: () => clock,
    openLink: (sealed) => openSealedLink(sealed, TEST_LINK_SECRET),
  })
  await lake.client({token: lake.secrets.writeToken}).createOrReplace({
    _id: 'siteSettings',
    _type: 'siteSettings',
    siteName: 'Cape Curated',
    email: TEAM,
  })
  ;({request} = staffTestApp(lake, {now: () => new Date(clock)}))
}, 30_000)

afterAll(async () => {
  await outbox?.stop()
  await smtp?.close()
  await lake?.stop()
})

const cookieOf = (response: Response) =>
  /staff_session=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1]
const codeAt = (secret: string, at: number) =>
  TOTP.generate({secret: Secret.fromBase32(secret), timestamp: at})

/** A fresh person with a passkey and an authenticator app, signed in; answers their session and app secret. */
async function signedInPerson() {
  const secret = new Secret({size: 20}).base32
  await bookings().createOrReplace({
    ...staffMemberDocument({
      _id: ID,
      name: 'Lindiwe Mokoena',
      email: EMAIL,
      role: 'staff',
      password: PASSWORD,
      now: new Date(clock),
    }),
    passkeys: [passkey('0123456789abcdef')],
    secondStep: {secret, enabledAt: new Date(clock).toISOString(), lastStep: 0},
    recoveryCodes: [],
  })
  await bookings().delete({query: '*[_type == "staffLoginThrottle"]'})
  const response = await request('/session', {
    method: 'POST',
    body: JSON.stringify({email: EMAIL, password: PASSWORD, code: codeAt(secret, clock)}),
  })
  expect(response.status).toBe(200)
  return {cookie: cookieOf(response)!, secret}
}

/** What the person's document holds of their sign-in methods. */
const methods = async () => {
  const doc = await bookings().getDocument<Record<string, unknown>>(ID)
  return JSON.stringify([
    doc?.passkeys,
    doc?.secondStep,
    doc?.pendingSecondStep,
    doc?.recoveryCodes,
  ])
}
const mailsTo = (address: string) =>
  bookings().fetch<{subject: string; text: string; html: string; reply_to?: string}[]>(
    '*[_type == "outboxMail" && to == $address] | order(queued_at asc)',
    {address},
  )

describe('changing a sign-in method needs a fresh proof', () => {
  it('refuses every change with 403 and a clear message once the sign-in is a few minutes old, and changes nothing', async () => {
    const {cookie} = await signedInPerson()
    clock += RECENT_AUTHENTICATION_MS + 1000
    const before = await methods()
    const mailsBefore = (await mailsTo(EMAIL)).length
    const changes: [string, string, unknown?][] = [
      ['POST', '/passkeys/options', {}],
      ['POST', '/passkeys', {response: {id: 'x', type: 'public-key', response: {}}}],
      ['DELETE', '/passkeys/0123456789abcdef'],
      ['POST', '/two-step', {}],
      ['POST', '/two-step/confirm', {code: '123456'}],
      ['DELETE', '/two-step'],
    ]
    for (const [method, path, body] of changes) {
      const refused = await request(path, {
        method,
        cookie,
        ...(body ? {body: JSON.stringify(body)} : {}),
      })
      expect(refused.status, `${method} ${path}`).toBe(403)
      expect(await refused.json()).toEqual(
        problemBody(403, REAUTHENTICATE_MESSAGE, {code: 'reauthenticate'}),
      )
    }
    expect(await methods()).toBe(before)
    expect(await mailsTo(EMAIL)).toHaveLength(mailsBefore)
    // Reading them is not a change: the list still answers.
    expect((await request('/passkeys', {cookie})).status).toBe(200)
  })

  it('takes the password or a current code again; a wrong one is refused, counted, and opens nothing', async () => {
    const {cookie, secret} = await signedInPerson()
    clock += RECENT_AUTHENTICATION_MS + 1000
    const reauthenticate = (body: unknown) =>
      request('/reauthenticate', {method: 'POST', cookie, body: JSON.stringify(body)})
    for (const body of [{password: 'not my password'}, {code: '000000'}, {}, {password: ''}]) {
      const wrong = await reauthenticate(body)
      expect(wrong.status).toBe(400)
      expect(await wrong.json()).toEqual(
        problemBody(400, 'That password or code is not right.', {code: 'reauthenticate'}),
      )
    }
    expect((await request('/two-step', {method: 'POST', cookie, body: '{}'})).status).toBe(403)
    // With the password given again, the change is made (and its mail queued).
    expect((await reauthenticate({password: PASSWORD})).status).toBe(200)
    const removed = await request('/passkeys/0123456789abcdef', {method: 'DELETE', cookie})
    expect(removed.status).toBe(200)
    // A few minutes later it has to be given again; a code from the app does as well as the password.
    clock += RECENT_AUTHENTICATION_MS + 1000
    expect((await request('/two-step', {method: 'DELETE', cookie})).status).toBe(403)
    expect((await reauthenticate({code: codeAt(secret, clock)})).status).toBe(200)
    // The same code twice is a replay, refused as at sign-in.
    expect((await reauthenticate({code: codeAt(secret, clock)})).status).toBe(400)
    expect((await request('/two-step', {method: 'DELETE', cookie})).status).toBe(204)
    expect(await methods()).toBe(JSON.stringify([[], undefined, undefined, undefined]))
    // Guesses count toward the account's sign-in back-off: after five, even the right password waits.
    clock += RECENT_AUTHENTICATION_MS + 1000
    for (let i = 0; i < 5; i++) await reauthenticate({password: `guess ${i}`})
    expect((await reauthenticate({password: PASSWORD})).status).toBe(429)
  })

  it('mails the person on every added or removed method, with a way to report it, delivered over SMTP', async () => {
    const {cookie, secret} = await signedInPerson()
    const before = (await mailsTo(EMAIL)).length
    // Within minutes of signing in: no need to give the password again.
    expect((await request('/passkeys/0123456789abcdef', {method: 'DELETE', cookie})).status).toBe(
      200,
    )
    const started = (await (
      await request('/two-step', {method: 'POST', cookie, body: '{}'})
    ).json()) as {
      secret: string
    }
    expect(started.secret).not.toBe(secret)
    const confirmed = await request('/two-step/confirm', {
      method: 'POST',
      cookie,
      body: JSON.stringify({code: codeAt(started.secret, clock)}),
    })
    expect(confirmed.status).toBe(200)
    expect((await request('/two-step', {method: 'DELETE', cookie})).status).toBe(204)
    const mails = (await mailsTo(EMAIL)).slice(before)
    expect(mails.map((mail) => mail.subject)).toEqual([
      'A passkey was removed from your staff account',
      'Your staff account’s authenticator app was replaced',
      'The authenticator app was removed from your staff account',
    ])
    for (const mail of mails) {
      expect(mail.text).toMatch(/^Hello Lindiwe Mokoena,/)
      expect(mail.text).toMatch(/This happened on 28 November 2026, \d\d:\d\d SAST\./)
      expect(mail.text).toContain(`Report it to ${TEAM}: mailto:${TEAM}?subject=Not%20me`)
      expect(mail.html).toContain(`<a href="mailto:${TEAM}?subject=Not%20me`)
      expect(mail.reply_to).toBe(TEAM)
      expect(britishCopyProblems(`${mail.subject}\n${mail.text}\n${mail.html}`)).toEqual([])
    }
    expect(britishCopyProblems(REAUTHENTICATE_MESSAGE)).toEqual([])
    await outbox.flush()
    const subjects = () =>
      smtp.received
        .filter((received) => received.to.includes(EMAIL))
        .map((received) => /^Subject: (.*)$/m.exec(received.raw)?.[1] ?? '')
    await expect
      .poll(subjects)
      .toEqual(
        expect.arrayContaining([
          'A passkey was removed from your staff account',
          'The authenticator app was removed from your staff account',
        ]),
      )
  })
})

describe('removing the app while everyone must have a second step', () => {
  it('is refused with 409, and the app stays', async () => {
    const {cookie} = await signedInPerson()
    await bookings().createOrReplace({
      _id: 'staffSettings.team',
      _type: 'staffSettings',
      requireSecondStep: true,
    })
    try {
      const before = await methods()
      const refused = await request('/two-step', {method: 'DELETE', cookie})
      expect(refused.status).toBe(409)
      expect(await refused.json()).toEqual(
        problemBody(
          409,
          'Everyone signs in with a second step here: replace the app rather than remove it.',
        ),
      )
      expect(await methods()).toBe(before)
    } finally {
      await bookings().delete('staffSettings.team')
    }
  })
})

describe('setting up an authenticator app', () => {
  it('names the company in the app, and answers the address as a QR code of exactly that address', async () => {
    const {cookie} = await signedInPerson()
    await bookings().patch(ID).unset(['secondStep']).commit()
    const started = await request('/two-step', {method: 'POST', cookie, body: '{}'})
    expect(started.status).toBe(200)
    const {secret, uri, issuer, qr} = (await started.json()) as {
      secret: string
      uri: string
      issuer: string
      qr: {size: number; path: string}
    }
    expect(issuer).toBe('Cape Curated')
    const address = new URL(uri)
    expect(address.protocol).toBe('otpauth:')
    expect(address.searchParams.get('issuer')).toBe('Cape Curated')
    expect(address.searchParams.get('secret')).toBe(secret)
    expect(address.host).toBe('totp')
    expect(decodeURIComponent(address.pathname)).toBe(`/Cape Curated:${EMAIL}`)
    // The path's dark squares are the QR code's modules for that address, inside a four-module quiet zone.
    const {modules} = QRCode.create(uri, {errorCorrectionLevel: 'M'})
    expect(qr.size).toBe(modules.size + 8)
    const dark = new Set(
      [...qr.path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map(([, x, y]) => `${x},${y}`),
    )
    const expected = new Set<string>()
    for (let y = 0; y < modules.size; y++)
      for (let x = 0; x < modules.size; x++)
        if (modules.get(y, x)) expected.add(`${x + 4},${y + 4}`)
    expect(dark).toEqual(expected)
    expect(qr.path.replace(/M\d+ \d+h1v1h-1z/g, '')).toBe('')
  })
})

describe('a password reset by mail and passkeys', () => {
  it('the reset mail says how many passkeys there are; the new password removes them all; the list shows last use', async () => {
    const {cookie} = await signedInPerson()
    await bookings()
      .patch(ID)
      .set({
        passkeys: [
          {...passkey('0123456789abcdef'), lastUsedAt: '2026-11-20T07:30:00.000Z'},
          passkey('fedcba9876543210'),
        ],
      })
      .commit()
    const listed = (await (await request('/passkeys', {cookie})).json()) as {
      passkeys: {key: string; createdAt: string; lastUsedAt: string | null}[]
    }
    expect(
      listed.passkeys.map(({key, createdAt, lastUsedAt}) => ({key, createdAt, lastUsedAt})),
    ).toEqual([
      {
        key: '0123456789abcdef',
        createdAt: '2026-11-01T08:00:00.000Z',
        lastUsedAt: '2026-11-20T07:30:00.000Z',
      },
      {key: 'fedcba9876543210', createdAt: '2026-11-01T08:00:00.000Z', lastUsedAt: null},
    ])

    const before = (await mailsTo(EMAIL)).length
    expect(
      (await request('/password-reset', {method: 'POST', body: JSON.stringify({email: EMAIL})}))
        .status,
    ).toBe(202)
    await expect.poll(async () => (await mailsTo(EMAIL)).length).toBe(before + 1)
    const [mail] = (await mailsTo(EMAIL)).slice(before)
    expect(mail!.text).toContain(
      'Your account has 2 passkeys. Setting a new password from this link removes them all',
    )
    const sealed = await bookings().fetch<string>(
      '*[_type == "outboxMail" && to == $to && defined(sealed_link)] | order(queued_at desc)[0].sealed_link',
      {to: EMAIL},
    )
    const token = /#reset=([\w-]+)/.exec(openSealedLink(sealed, TEST_LINK_SECRET))![1]!
    const set = await request('/password', {
      method: 'POST',
      body: JSON.stringify({token, password: 'violin tractor lantern 7'}),
    })
    expect(set.status).toBe(200)
    expect(await set.json()).toMatchObject({removedPasskeys: 2})
    const stored = await bookings().getDocument<{passkeys?: unknown[]}>(ID)
    expect(stored?.passkeys).toBeUndefined()
    // The old session ended with the reset, as before.
    expect((await request('/session', {cookie})).status).toBe(401)
  })
})

// The session cookie's name, for the reader: the test app sends it as `staff_session`.
void SESSION_COOKIE
