import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {DEFAULT_REPLY_PROMISE} from '@repo/schemas/content-rules.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {composeMail, loadMailContent, mailContentLoader} from './mail-content.ts'
import {messageId} from './mailer.ts'

/** The mail content as editors publish it in the lake, read with the real client. */
let lake: TestLake
const editor = () => lake.client({token: lake.secrets.rootToken})
const published = () => lake.client({perspective: 'published'})

beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake?.stop())

describe('the mail content', () => {
  it('uses the default texts and MAIL_FROM while nothing is published', async () => {
    const content = await loadMailContent(published())
    expect(content).toEqual({
      templates: {},
      brand: {company: '', signature: '', replyPromise: DEFAULT_REPLY_PROMISE},
      from: undefined,
      trips: {},
    })
    const mail = composeMail('teamNewsletter', {email: 'a@example.com'}, content, {
      to: 'team@example.com',
    })
    expect(mail).toMatchObject({
      to: 'team@example.com',
      subject: 'New newsletter sign-up: a@example.com',
    })
    expect(mail).not.toHaveProperty('from')
  })

  it('takes the sender, signature and templates from what is published, never a draft', async () => {
    await editor()
      .transaction()
      .createOrReplace({
        _id: 'siteSettings',
        _type: 'siteSettings',
        siteName: 'Cape Curated',
        email: 'hello@capecurated.example',
        mailFromName: 'Cape "Curated"\r\nBcc: eve@example.com',
      })
      .createOrReplace({
        _id: 'mailTemplate-teamNewsletter',
        _type: 'mailTemplate',
        kind: 'teamNewsletter',
        subject: 'Sign-up: {email}',
        body: 'Another reader for {company}.',
      })
      .createOrReplace({
        _id: 'drafts.mailTemplate-teamNewsletter',
        _type: 'mailTemplate',
        kind: 'teamNewsletter',
        subject: 'Draft {email}',
        body: 'Draft',
      })
      .commit()
    const content = await loadMailContent(published())
    // No header injection through the sender's name: quotes and line breaks are gone.
    expect(content.from).toBe('"Cape Curated Bcc: eve@example.com" <hello@capecurated.example>')
    const mail = composeMail('teamNewsletter', {email: 'a@example.com'}, content, {
      to: 'team@example.com',
    })
    expect(mail.subject).toBe('Sign-up: a@example.com')
    // The team's own mail is an internal note: no sign-off to themselves. A traveller's mail is signed.
    expect(mail.text).toBe('Another reader for Cape Curated.\n')
    const traveller = composeMail('newsletterWelcome', {}, content, {to: 'a@example.com'})
    expect(traveller.text).toMatch(/\n\nThe Cape Curated team\n$/)
    expect(messageId('x-team', mail.from!)).toBe('<x-team@capecurated.example>')
  })

  it('reads again once two seconds have passed, and after a failed read', async () => {
    let clock = 0
    let reads = 0
    const client = published()
    const counting = {
      fetch: ((...args: Parameters<typeof client.fetch>) => {
        reads++
        return reads === 1 ? Promise.reject(new Error('lake down')) : client.fetch(...args)
      }) as typeof client.fetch,
    } as typeof client
    const load = mailContentLoader(counting, {now: () => clock})
    await expect(load()).rejects.toThrow('lake down')
    expect((await load()).brand.company).toBe('Cape Curated')
    expect(reads).toBe(2)
    await editor().patch('siteSettings').set({siteName: 'Cape Curated Tours'}).commit()
    clock += 1_999
    expect((await load()).brand.company).toBe('Cape Curated')
    clock += 1
    expect((await load()).brand.company).toBe('Cape Curated Tours')
    expect(reads).toBe(3)
  })
})
