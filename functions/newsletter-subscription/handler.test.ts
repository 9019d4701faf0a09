import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {
  NEWSLETTER_CONFIRM_FAILED_MESSAGE as CONFIRM_FAILED_MESSAGE,
  NEWSLETTER_UNSUBSCRIBE_LINK_MESSAGE as UNSUBSCRIBE_LINK_MESSAGE,
} from '@repo/schemas/newsletter-messages.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {
  createNewsletterSignup,
  newsletterSignupId,
  type CreateNewsletterSignupDeps,
} from '../create-newsletter-signup/handler.ts'
import {consentNoticeLoader} from '../lib/consent-record.ts'
import {mailContentLoader} from '../lib/mail-content.ts'
import type {MailMessage} from '../lib/mailer.ts'
import {confirmToken, unsubscribeToken} from '../lib/newsletter-links.ts'
import {createRateLimiter} from '../lib/rate-limit.ts'
import {jsonPost} from '../lib/testing/json-request.ts'
import {
  confirmNewsletterSignup,
  unsubscribeNewsletter,
  type NewsletterSubscriptionDeps,
} from './handler.ts'

const SECRET = 'newsletter-links-test-secret-000000000001'
let lake: TestLake
const mails: {id: string; message: MailMessage}[] = []
const ctx = {clientAddress: '10.0.0.7'}
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

const signupDeps = (
  overrides: Partial<CreateNewsletterSignupDeps> = {},
): CreateNewsletterSignupDeps => ({
  bookings: bookings(),
  rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
  notify: async (id, message) => void mails.push({id, message}),
  teamEmail: 'team@example.com',
  mailContent: mailContentLoader(lake.client({perspective: 'published'})),
  consentNotice: consentNoticeLoader(lake.client({perspective: 'published'})),
  links: {siteUrl: 'https://example.com', secret: SECRET},
  ...overrides,
})
const linkDeps = (
  overrides: Partial<NewsletterSubscriptionDeps> = {},
): NewsletterSubscriptionDeps => ({
  bookings: bookings(),
  rateLimiter: createRateLimiter({limit: 1000, windowMs: 60_000}),
  notify: async (id, message) => void mails.push({id, message}),
  teamEmail: 'team@example.com',
  mailContent: mailContentLoader(lake.client({perspective: 'published'})),
  links: {siteUrl: 'https://example.com', secret: SECRET},
  ...overrides,
})

const signUp = (email: string, deps = signupDeps()) =>
  createNewsletterSignup(
    jsonPost('/api/newsletter-signups', {name: 'Ann', email, consent: true, sourcePage: '/'}),
    ctx,
    deps,
  )
const confirmLinkIn = (email: string) => {
  const mail = mails.filter((m) => m.message.to === email && m.id.includes('-confirm-')).at(-1)!
  return /token=([\w.-]+)/.exec(mail.message.text)![1]!
}
const confirm = (token: string, deps = linkDeps()) =>
  confirmNewsletterSignup(jsonPost('/api/newsletter/confirm', {token}), ctx, deps)
/** The mail program's RFC 8058 post: the address from the header, the fixed body, no cookie, no origin. */
const oneClick = (token: string, init: RequestInit = {}) =>
  unsubscribeNewsletter(
    new Request(`https://example.com/api/newsletter/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: {'content-type': 'application/x-www-form-urlencoded'},
      body: 'List-Unsubscribe=One-Click',
      ...init,
    }),
    ctx,
    linkDeps(),
  )
const statusOf = (email: string) =>
  bookings().fetch<string | null>('*[_id == $id][0].status', {id: newsletterSignupId(email)})
const documentOf = async (email: string) =>
  (await bookings().getDocument(newsletterSignupId(email))) ?? null
const message = async (response: Response) => ((await response.json()) as {detail: string}).detail

beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(async () => {
  await lake?.stop()
})

describe('newsletter double opt-in and one-click unsubscribe, with the real lake', () => {
  it('confirms once through the mailed link, welcomes with the unsubscribe headers, and a one-click post unsubscribes', async () => {
    expect((await signUp('Zoe@Example.com')).status).toBe(201)
    expect(await statusOf('zoe@example.com')).toBe('pending')
    const token = confirmLinkIn('zoe@example.com')
    // The confirmation mail carries the business's words and the link only: not the name typed.
    const confirmation = mails.find((m) => m.id.includes('-confirm-'))!.message
    expect(confirmation.text).toContain('https://example.com/newsletter/confirm?token=')
    expect(confirmation.text).not.toContain('Ann')

    const confirmed = await confirm(token)
    expect(confirmed.status).toBe(200)
    expect(await statusOf('zoe@example.com')).toBe('confirmed')
    // The link is spent: replaying it changes nothing and says the same as a forged one.
    const replay = await confirm(token)
    expect(replay.status).toBe(400)
    expect(await message(replay)).toBe(CONFIRM_FAILED_MESSAGE)

    const welcome = mails.find((m) => m.id.includes('-welcome-'))!.message
    expect(welcome.to).toBe('zoe@example.com')
    expect(welcome.listUnsubscribe).toMatch(
      /^https:\/\/example\.com\/api\/newsletter\/unsubscribe\?token=[0-9a-f]{40}\.[\w-]{43}$/,
    )
    expect(welcome.text).toMatch(
      /https:\/\/example\.com\/unsubscribe\?token=[0-9a-f]{40}\.[\w-]{43}/,
    )
    expect(
      mails.some(
        (m) => m.message.to === 'team@example.com' && /zoe@example.com/.test(m.message.subject),
      ),
    ).toBe(true)

    const unsubscribeWith = new URL(welcome.listUnsubscribe!).searchParams.get('token')!
    // A GET (a link scanner) only leads to the page with the button.
    const scanned = await unsubscribeNewsletter(
      new Request(welcome.listUnsubscribe!),
      ctx,
      linkDeps(),
    )
    expect(scanned.status).toBe(303)
    expect(scanned.headers.get('location')).toBe(`/unsubscribe?token=${unsubscribeWith}`)
    expect(await statusOf('zoe@example.com')).toBe('confirmed')

    const left = await oneClick(unsubscribeWith)
    expect(left.status).toBe(200)
    expect(await statusOf('zoe@example.com')).toBe('unsubscribed')
    // Twice is once.
    expect((await oneClick(unsubscribeWith)).status).toBe(200)
    expect(await statusOf('zoe@example.com')).toBe('unsubscribed')
  })

  it('answers a repeat sign-up of a confirmed address exactly as a new one, and sends it nothing', async () => {
    await signUp('kim@example.com')
    await confirm(confirmLinkIn('kim@example.com'))
    const before = await documentOf('kim@example.com')
    const sent = mails.length
    const repeat = await signUp('kim@example.com')
    const fresh = await signUp('new-person@example.com')
    expect(repeat.status).toBe(fresh.status)
    expect(await repeat.text()).toBe(await fresh.text())
    expect([...repeat.headers.entries()]).toEqual([...fresh.headers.entries()])
    expect(mails.slice(sent).map((m) => m.message.to)).toEqual(['new-person@example.com'])
    expect((await documentOf('kim@example.com'))?._rev).toBe(before?._rev)
  })

  it('a new sign-up of a pending address makes the earlier link worthless; an unsubscribed one must confirm again', async () => {
    await signUp('lee@example.com')
    const first = confirmLinkIn('lee@example.com')
    await new Promise((resolve) => setTimeout(resolve, 5))
    await signUp('lee@example.com')
    const second = confirmLinkIn('lee@example.com')
    expect(second).not.toBe(first)
    expect((await confirm(first)).status).toBe(400)
    expect(await statusOf('lee@example.com')).toBe('pending')
    expect((await confirm(second)).status).toBe(200)

    await oneClick(unsubscribeToken(SECRET, newsletterSignupId('lee@example.com')))
    expect(await statusOf('lee@example.com')).toBe('unsubscribed')
    await signUp('lee@example.com')
    expect(await statusOf('lee@example.com')).toBe('pending')
  })

  it('refuses forged, altered, expired and malformed links with a clear 400 and changes nothing', async () => {
    await signUp('mo@example.com')
    const id = newsletterSignupId('mo@example.com')
    const before = await documentOf('mo@example.com')
    const good = confirmLinkIn('mo@example.com')
    const forged = [
      confirmToken('another-secret-entirely-000000000000000', id, good.split('.')[1]!),
      good.slice(0, -1) + (good.endsWith('A') ? 'B' : 'A'),
      good.replace(/^[0-9a-f]/, (c) => (c === '0' ? '1' : '0')),
      unsubscribeToken(SECRET, id),
      '',
      'x'.repeat(900),
      `${good}\u202E`,
      `${good.split('.')[0]}.ｎｏｎｃｅ.${good.split('.')[2]}`,
      good + '\u0000',
    ]
    for (const token of forged) {
      const response = await confirm(token)
      expect(response.status, JSON.stringify(token).slice(0, 60)).toBe(400)
      expect((await response.json()) as {detail: string}).toMatchObject({
        detail: expect.stringMatching(
          /^This confirmation link does not work any more\.|^Please|^This link/,
        ),
      })
    }
    expect((await confirm('x'.repeat(5000))).status).toBe(413)
    // Past the seven days the link stops working, though it is still the right one.
    const late = await confirm(good, linkDeps({now: () => new Date(Date.now() + 8 * 86_400_000)}))
    expect(late.status).toBe(400)
    expect((await documentOf('mo@example.com'))?._rev).toBe(before?._rev)

    for (const token of [
      '',
      'abc',
      `${'0'.repeat(40)}.${'A'.repeat(43)}`,
      unsubscribeToken('wrong-secret-000000000000000000', id),
    ]) {
      const response = await oneClick(token)
      expect(response.status).toBe(400)
      expect(await message(response)).toBe(UNSUBSCRIBE_LINK_MESSAGE)
    }
    expect((await documentOf('mo@example.com'))?._rev).toBe(before?._rev)
  })

  it('refuses wrong methods, oversized and unreadable bodies with a clear 4xx', async () => {
    const token = unsubscribeToken(SECRET, newsletterSignupId('nobody@example.com'))
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const unsub = await unsubscribeNewsletter(
        new Request(`https://example.com/api/newsletter/unsubscribe?token=${token}`, {method}),
        ctx,
        linkDeps(),
      )
      expect(unsub.status).toBe(405)
      expect(unsub.headers.get('allow')).toBe('GET, POST')
      const conf = await confirmNewsletterSignup(
        new Request('https://example.com/api/newsletter/confirm', {method}),
        ctx,
        linkDeps(),
      )
      expect(conf.status).toBe(405)
      expect(conf.headers.get('allow')).toBe('POST')
    }
    expect(
      (await oneClick(token, {body: `List-Unsubscribe=One-Click&pad=${'x'.repeat(4000)}`})).status,
    ).toBe(413)
    const plain = await oneClick(token, {headers: {'content-type': 'text/plain'}})
    expect(plain.status).toBe(415)
    const twoTokens = await unsubscribeNewsletter(
      new Request(`https://example.com/api/newsletter/unsubscribe?token=${token}&token=${token}`, {
        method: 'POST',
      }),
      ctx,
      linkDeps(),
    )
    expect(twoTokens.status).toBe(400)
    const badJson = await confirmNewsletterSignup(
      jsonPost('/api/newsletter/confirm', '{"token": '),
      ctx,
      linkDeps(),
    )
    expect(badJson.status).toBe(400)
    // The multipart form a mail program may send instead works the same.
    const form = new FormData()
    form.set('List-Unsubscribe', 'One-Click')
    const multipart = await unsubscribeNewsletter(
      new Request(`https://example.com/api/newsletter/unsubscribe?token=${token}`, {
        method: 'POST',
        body: form,
      }),
      ctx,
      linkDeps(),
    )
    expect(multipart.status).toBe(200)
    expect(await documentOf('nobody@example.com')).toBeNull()
  })

  it('never turns away a mail provider’s one-click posts for many readers; only junk counts against the limit', async () => {
    const deps = linkDeps({rateLimiter: createRateLimiter({limit: 2, windowMs: 60_000})})
    const post = (token: string) =>
      unsubscribeNewsletter(
        new Request(`https://example.com/api/newsletter/unsubscribe?token=${token}`, {
          method: 'POST',
          headers: {'content-type': 'application/x-www-form-urlencoded'},
          body: 'List-Unsubscribe=One-Click',
        }),
        {clientAddress: '192.0.2.25'},
        deps,
      )
    for (let i = 0; i < 5; i++) {
      const token = unsubscribeToken(SECRET, newsletterSignupId(`reader-${i}@example.com`))
      expect((await post(token)).status).toBe(200)
    }
    expect((await post('forged.token')).status).toBe(400)
    expect((await post('forged.token')).status).toBe(400)
    expect((await post('forged.token')).status).toBe(429)
    // A genuine one still goes through from the same address.
    expect(
      (await post(unsubscribeToken(SECRET, newsletterSignupId('late@example.com')))).status,
    ).toBe(200)
  })

  it('the unsubscribe page’s own form comes back to the page with the outcome', async () => {
    await signUp('pia@example.com')
    await confirm(confirmLinkIn('pia@example.com'))
    const token = unsubscribeToken(SECRET, newsletterSignupId('pia@example.com'))
    const response = await unsubscribeNewsletter(
      new Request('https://example.com/api/newsletter/unsubscribe', {
        method: 'POST',
        headers: {'content-type': 'application/x-www-form-urlencoded'},
        body: new URLSearchParams({token, from: 'page'}).toString(),
      }),
      ctx,
      linkDeps(),
    )
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('/unsubscribe?result=done')
    expect(await statusOf('pia@example.com')).toBe('unsubscribed')
  })
})

describe('the jobs runner removes unconfirmed sign-ups after seven days', () => {
  it('removes only pending sign-ups older than seven days', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobs-signups-'))
    Object.assign(process.env, {
      SANITY_API_HOST: lake.url,
      SANITY_PROJECT_ID: 'local',
      SANITY_WRITE_TOKEN: lake.secrets.writeToken,
      DATA_DIR: dataDir,
      REQUEST_LINK_SECRET: SECRET,
    })
    delete process.env.SMTP_URL
    const {runJobsOnce} = await import('../run-jobs.ts')
    const {readFunctionsEnv} = await import('../lib/env.ts')
    const day = 86_400_000
    const now = Date.parse('2031-03-10T08:00:00Z')
    const at = (offset: number) => new Date(now - offset).toISOString()
    const doc = (email: string, status: string, signedUpAt: string) => ({
      _id: newsletterSignupId(email),
      _type: 'newsletterSignup',
      email,
      name: 'X',
      consent: true,
      status,
      signed_up_at: signedUpAt,
    })
    const tx = bookings().transaction()
    for (const d of [
      doc('old-pending@example.com', 'pending', at(7 * day + 60_000)),
      doc('young-pending@example.com', 'pending', at(7 * day - 60_000)),
      doc('old-confirmed@example.com', 'confirmed', at(40 * day)),
      doc('old-unsubscribed@example.com', 'unsubscribed', at(40 * day)),
    ])
      tx.createOrReplace(d)
    await tx.commit()
    const result = await runJobsOnce(readFunctionsEnv(process.env), new Date(now))
    expect(result.unconfirmedSignups.removed).toBeGreaterThanOrEqual(1)
    expect(await documentOf('old-pending@example.com')).toBeNull()
    expect(await statusOf('young-pending@example.com')).toBe('pending')
    expect(await statusOf('old-confirmed@example.com')).toBe('confirmed')
    expect(await statusOf('old-unsubscribed@example.com')).toBe('unsubscribed')
    fs.rmSync(dataDir, {recursive: true, force: true})
  })
})
