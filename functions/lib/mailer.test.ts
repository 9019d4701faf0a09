import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {
  createOutbox,
  fileTransport,
  OUTBOX_MAIL_TYPE,
  outboxMailDocument,
  outboxMailId,
  smtpTransport,
  type OutboxMailDocument,
} from './mailer.ts'
import {freePort} from './testing/free-port.ts'
import {startSmtpListener} from './testing/smtp-listener.ts'

// The outbox's state is in the `bookings` dataset, so each "server" below is an outbox with its own
// lake client, as a site process has, and they share nothing but the lake.
const message = {
  to: 'guest@example.com',
  subject: 'Your request\r\nBcc: victim@example.com',
  text: 'Hello',
  html: '<p>Hello</p>',
}
const from = 'Bookings <bookings@example.com>'
const day = 24 * 3_600_000

let lake: TestLake
const closers: (() => Promise<void>)[] = []
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
const mails = () =>
  bookings().fetch<OutboxMailDocument[]>(`*[_type == $type] | order(mail_id asc)`, {
    type: OUTBOX_MAIL_TYPE,
  })
const messageIds = (raw: {raw: string}[]) =>
  raw.map((mail) => /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)![1]!)

beforeEach(async () => {
  lake = await startTestLake()
})
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
  await lake.stop()
})

describe('outbox in the lake', () => {
  it('keeps mail through an SMTP outage and delivers each message once when SMTP is back', async () => {
    const port = await freePort()
    let clock = Date.now()
    const outbox = createOutbox({
      bookings: bookings(),
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from,
      now: () => clock,
      onError: () => {},
    })
    await outbox.enqueue('booking-1-traveller', message, 'booking-1')
    await outbox.enqueue('booking-1-traveller', message, 'booking-1')
    // enqueue tried at once and failed; the message waits for its back-off, its error recorded.
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 1})
    expect(await mails()).toMatchObject([
      {
        _id: outboxMailId('booking-1-traveller'),
        about: 'booking-1',
        status: 'pending',
        attempts: 1,
        last_error: expect.stringMatching(/ECONNREFUSED/),
      },
    ])

    const smtp = await startSmtpListener(port)
    closers.push(smtp.close)
    clock += 10 * 60_000
    expect(await outbox.flush()).toMatchObject({sent: 1, pending: 0})
    await outbox.enqueue('booking-1-traveller', message)
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 0})
    expect(smtp.received).toHaveLength(1)
    expect(await mails()).toMatchObject([
      {status: 'sent', attempts: 2, sent_at: expect.any(String)},
    ])
    // The CRLF in the subject became a space: no injected Bcc header.
    expect(smtp.received[0]!.to).toEqual(['guest@example.com'])
    expect(smtp.received[0]!.raw).not.toMatch(/^Bcc:/im)
  })

  it('sends each message once when three servers queue the same messages and deliver at the same time', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    const servers = [0, 1, 2].map((n) =>
      createOutbox({
        bookings: bookings(),
        transport: smtpTransport(smtp.url),
        from,
        server: `server-${n}`,
        onError: () => {},
      }),
    )
    const ids = Array.from({length: 150}, (_, i) => `booking-${i}-traveller`)
    // Every message is queued by every server (as each one's minute sweep does) while all of them deliver.
    await Promise.all(
      servers.flatMap((outbox) => [
        ...ids.map((id) => outbox.enqueue(id, message)),
        outbox.flush(),
        outbox.flush(),
      ]),
    )
    for (const outbox of servers) await outbox.flush()
    expect(messageIds(smtp.received).toSorted()).toEqual(ids.toSorted())
    const stored = await mails()
    expect(stored.map((mail) => mail.status)).toEqual(ids.map(() => 'sent'))
    // The work was shared: more than one server sent some of it.
    expect(new Set(stored.map((mail) => mail.claimed_by)).size).toBeGreaterThan(1)
  })

  it('takes over a claim left by a server that died mid-send once it has timed out, and sends it once', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    let clock = Date.now()
    // What a killed server leaves behind: the message claimed for ten minutes, never sent.
    await bookings().create({
      _id: outboxMailId('booking-3-team'),
      _type: OUTBOX_MAIL_TYPE,
      mail_id: 'booking-3-team',
      ...message,
      status: 'sending',
      attempts: 0,
      queued_at: new Date(clock).toISOString(),
      next_attempt_at: new Date(clock).toISOString(),
      claimed_until: new Date(clock + 10 * 60_000).toISOString(),
      claimed_by: 'killed-server',
    })
    const outbox = createOutbox({
      bookings: bookings(),
      transport: smtpTransport(smtp.url),
      from,
      server: 'survivor',
      now: () => clock,
    })
    await outbox.enqueue('booking-3-team', message)
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 1})
    clock += 11 * 60_000
    expect(await outbox.flush()).toMatchObject({sent: 1, pending: 0})
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 0})
    expect(smtp.received).toHaveLength(1)
    expect(await mails()).toMatchObject([{status: 'sent', claimed_by: 'survivor'}])
  })

  it('never sends again what it sent while the lake could not record it, and records it later', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    let clock = Date.now()
    const flaky = refusingSentRecords(bookings())
    const outbox = createOutbox({
      bookings: flaky.client,
      transport: smtpTransport(smtp.url),
      from,
      now: () => clock,
      onError: () => {},
    })
    flaky.down = true
    await outbox.enqueue('booking-5-traveller', message)
    await outbox.flush().catch(() => {})
    expect(smtp.received).toHaveLength(1)
    expect(await mails()).toMatchObject([{status: 'sending'}])
    // Past the claim's timeout the message looks due again; this server knows SMTP has it and takes nothing
    // until the lake has the record.
    clock += 11 * 60_000
    await expect(outbox.flush()).rejects.toThrow(/ECONNREFUSED/)
    flaky.down = false
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 0})
    expect(smtp.received).toHaveLength(1)
    expect(await mails()).toMatchObject([{status: 'sent'}])
  })

  it('removes sent records after 90 days, never sooner, and never a waiting message', async () => {
    const clock = Date.now()
    const record = (id: string, status: string, sentDaysAgo: number) => ({
      _id: outboxMailId(id),
      _type: OUTBOX_MAIL_TYPE,
      mail_id: id,
      ...message,
      status,
      attempts: 1,
      queued_at: new Date(clock - 100 * day).toISOString(),
      next_attempt_at: new Date(clock + day).toISOString(),
      sent_at: new Date(clock - sentDaysAgo * day).toISOString(),
    })
    await bookings()
      .transaction()
      .create(record('old', 'sent', 91))
      .create(record('recent', 'sent', 80))
      .create(record('waiting', 'pending', 91))
      .commit()
    const forgotten: string[] = []
    const outbox = createOutbox({
      bookings: bookings(),
      transport: {send: async () => {}, forget: async (id) => void forgotten.push(id)},
      from,
      now: () => clock,
    })
    await outbox.flush()
    expect((await mails()).map((mail) => mail.mail_id)).toEqual(['recent', 'waiting'])
    // Its copy on this server's disk (the file transport's .eml) goes with the record.
    expect(forgotten).toEqual(['old'])
  })

  it('marks a message failed after three days of failures, reports it, and does not queue it again', async () => {
    let clock = Date.now()
    const errors: unknown[] = []
    const outbox = createOutbox({
      bookings: bookings(),
      transport: {send: () => Promise.reject(new Error('550 mailbox unavailable'))},
      from,
      now: () => clock,
      onError: (error) => errors.push(error),
    })
    await outbox.enqueue('booking-4-traveller', message)
    await outbox.flush()
    clock += 2 * day
    expect(await outbox.flush()).toMatchObject({failed: 1, pending: 1})
    expect(errors).toEqual([])
    clock += 2 * day
    expect(await outbox.flush()).toMatchObject({failed: 1, pending: 0})
    expect(await mails()).toMatchObject([
      {status: 'failed', attempts: 3, last_error: 'Error: 550 mailbox unavailable'},
    ])
    expect(String(errors[0])).toMatch(
      /booking-4-traveller to guest@example.com given up after 3 attempts: .*550/,
    )
    // Another server's sweep queues it again: nothing changes.
    await createOutbox({bookings: bookings(), transport: {send: async () => {}}, from}).enqueue(
      'booking-4-traveller',
      message,
    )
    expect(await mails()).toMatchObject([{status: 'failed', attempts: 3}])
  })

  it('counts every mail it sent, those its own queuing sent at once as well as a flush (the jobs summary)', async () => {
    const outbox = createOutbox({bookings: bookings(), transport: {send: async () => {}}, from})
    await outbox.enqueue('booking-1-traveller', message, 'booking-1')
    await outbox.enqueue('booking-2-traveller', message, 'booking-2')
    await outbox.flush()
    await outbox.stop()
    expect(await mails()).toMatchObject([{status: 'sent'}, {status: 'sent'}])
    expect(outbox.sentSoFar()).toEqual({sent: 2, failed: 0})
  })

  it('refuses an id that is not a safe document id, and stores nothing', async () => {
    const outbox = createOutbox({bookings: bookings(), transport: {send: async () => {}}, from})
    for (const id of ['', 'a.b', 'drafts.x', 'x/y', 'é', 'a'.repeat(121)])
      await expect(outbox.enqueue(id, message)).rejects.toThrow(/Unsafe outbox id/)
    expect(await mails()).toEqual([])
  })

  it('writes .eml files when there is no SMTP server, readable by this user only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-test-'))
    // A folder left open by an earlier run, and a umask that would leave new files readable by everyone.
    fs.mkdirSync(path.join(dir, 'outbox'), {mode: 0o755})
    fs.chmodSync(path.join(dir, 'outbox'), 0o755)
    const umask = process.umask(0o022)
    const outbox = createOutbox({
      bookings: bookings(),
      transport: fileTransport(path.join(dir, 'outbox')),
      from,
    })
    try {
      await outbox.enqueue('booking-2-team', message)
      await outbox.flush()
    } finally {
      process.umask(umask)
    }
    expect(fs.statSync(path.join(dir, 'outbox')).mode & 0o777).toBe(0o700)
    expect(fs.statSync(path.join(dir, 'outbox', 'booking-2-team.eml')).mode & 0o777).toBe(0o600)
    const eml = fs.readFileSync(path.join(dir, 'outbox', 'booking-2-team.eml'), 'utf8')
    expect(eml).toMatch(/^To: guest@example.com$/m)
    expect(eml).not.toMatch(/^Bcc:/im)
  })

  it('forgets a last mail once sent: the document purged, history and all, and the file gone; others kept', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-test-'))
    const outbox = createOutbox({
      bookings: bookings(),
      transport: fileTransport(path.join(dir, 'outbox')),
      from,
    })
    const queuedAt = new Date().toISOString()
    await bookings().create({
      ...outboxMailDocument(
        'privacy-done-1',
        {...message, to: 'erased@example.com'},
        'x',
        queuedAt,
      ),
      purge_when_done: true,
    })
    await outbox.enqueue('booking-3-team', message)
    await outbox.flush()
    expect((await mails()).map((mail) => [mail.mail_id, mail.status])).toEqual([
      ['booking-3-team', 'sent'],
    ])
    expect(fs.readdirSync(path.join(dir, 'outbox'))).toEqual(['booking-3-team.eml'])
    const history = await fetch(
      `${lake.url}/v2025-02-19/data/history/bookings/transactions/${outboxMailId('privacy-done-1')}?excludeContent=false`,
      {headers: {authorization: `Bearer ${lake.secrets.writeToken}`}},
    )
    expect(await history.text()).not.toContain('erased@example.com')
  })
})

/** A client that refuses to mark mail sent while `down`, as when the lake is unreachable just after SMTP took it. */
function refusingSentRecords(client: SanityClient) {
  const state = {client, down: false}
  const refused = () => Promise.reject(new Error('connect ECONNREFUSED'))
  const marksSent = (mutations: unknown) => JSON.stringify(mutations).includes('"status":"sent"')
  // Patch and transaction builders both end in `commit`: refuse it for a mutation that marks mail sent.
  const refusing = <B extends {commit: unknown; serialize: () => unknown}>(builder: B): B => {
    const commit = (builder.commit as (...args: unknown[]) => Promise<unknown>).bind(builder)
    builder.commit = ((...args: unknown[]) =>
      state.down && marksSent(builder.serialize()) ? refused() : commit(...args)) as B['commit']
    return builder
  }
  const transaction = client.transaction.bind(client)
  client.transaction = (() => refusing(transaction())) as typeof client.transaction
  const patch = client.patch.bind(client)
  client.patch = ((id: string) => refusing(patch(id))) as typeof client.patch
  return state
}
