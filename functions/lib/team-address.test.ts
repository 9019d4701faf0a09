import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {DEFAULT_REPLY_PROMISE} from '@repo/schemas/content-rules.ts'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {readFunctionsEnv, TEAM_FROM_SITE_SETTINGS} from './env.ts'
import {composeMail, loadMailContent} from './mail-content.ts'

/** The team's address and the reply promise follow site settings, as the brand in mails does. */
let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake?.stop())

describe('the team address and the reply promise', () => {
  it('go to site settings while TEAM_EMAIL is unset, and say the one promise editors wrote', async () => {
    const env = readFunctionsEnv({DATA_DIR: '/tmp/unused', SANITY_WRITE_TOKEN: 'token'})
    expect(env.teamEmail).toBe(TEAM_FROM_SITE_SETTINGS)
    expect(
      readFunctionsEnv({SANITY_WRITE_TOKEN: 't', TEAM_EMAIL: 'ops@example.com'}).teamEmail,
    ).toBe('ops@example.com')

    const published = lake.client({perspective: 'published'})
    // Nothing published yet: the promise has its seeded words.
    const before = await loadMailContent(published)
    const ack = composeMail('acknowledgement', {name: 'Thandi'}, before, {to: 'thandi@example.com'})
    expect(ack.text).toContain(DEFAULT_REPLY_PROMISE)

    await lake.client({token: lake.secrets.rootToken}).createOrReplace({
      _id: 'siteSettings',
      _type: 'siteSettings',
      siteName: 'Cape Curated',
      email: 'hello@capecurated.example',
      replyPromise: 'We reply within two working days.',
    })
    const content = await loadMailContent(published)
    const team = composeMail('teamNewsletter', {email: 'a@example.com'}, content, {
      to: env.teamEmail,
    })
    expect(team.to).toBe('hello@capecurated.example')
    const chosen = composeMail('teamNewsletter', {email: 'a@example.com'}, content, {
      to: 'ops@example.com',
    })
    expect(chosen.to).toBe('ops@example.com')
    const mail = composeMail('acknowledgement', {name: 'Thandi'}, content, {
      to: 'thandi@example.com',
    })
    expect(mail.text).toContain('We reply within two working days.')
    expect(mail.text).not.toMatch(/24|48 hours/)
  })
})
