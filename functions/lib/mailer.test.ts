import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {afterEach, describe, expect, it} from 'vitest'

import {createOutbox, fileTransport, smtpTransport} from './mailer.ts'
import {freePort} from './testing/free-port.ts'
import {startSmtpListener} from './testing/smtp-listener.ts'

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-test-'))

const message = {
  to: 'guest@example.com',
  subject: 'Your request\r\nBcc: victim@example.com',
  text: 'Hello',
  html: '<p>Hello</p>',
}

const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

describe('outbox', () => {
  it('keeps mail through an SMTP outage and delivers each message once when SMTP is back', async () => {
    const port = await freePort()
    let clock = Date.now()
    const outbox = createOutbox({
      queueDir: tmp(),
      transport: smtpTransport(`smtp://127.0.0.1:${port}`),
      from: 'Bookings <bookings@example.com>',
      now: () => clock,
      onError: () => {},
    })
    await outbox.enqueue('booking-1-traveller', message)
    await outbox.enqueue('booking-1-traveller', message)
    // enqueue tried at once and failed; the message waits for its back-off.
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 1})

    const smtp = await startSmtpListener(port)
    closers.push(smtp.close)
    clock += 10 * 60_000
    expect(await outbox.flush()).toMatchObject({sent: 1, pending: 0})
    await outbox.enqueue('booking-1-traveller', message)
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 0})
    expect(smtp.received).toHaveLength(1)
    // The CRLF in the subject became a space: no injected Bcc header.
    expect(smtp.received[0]!.to).toEqual(['guest@example.com'])
    expect(smtp.received[0]!.raw).not.toMatch(/^Bcc:/im)
  })

  it('sends each message once when two processes share the queue and the sweep re-queues during sending', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    const queueDir = tmp()
    // Two outboxes on one folder stand for two server processes; each has its own pass lock, so only the
    // claim (pending/ to sending/) keeps them from sending the same file.
    const outboxes = [0, 1].map(() =>
      createOutbox({
        queueDir,
        transport: smtpTransport(smtp.url),
        from: 'Bookings <bookings@example.com>',
        onError: () => {},
      }),
    )
    const ids = Array.from({length: 200}, (_, i) => `booking-${i}-traveller`)
    // Every message is queued by both "processes", twice, while both keep flushing.
    await Promise.all(
      outboxes.flatMap((outbox) => [
        ...ids.flatMap((id) => [outbox.enqueue(id, message), outbox.enqueue(id, message)]),
        outbox.flush(),
        outbox.flush(),
      ]),
    )
    for (const outbox of outboxes) await outbox.flush()
    const messageIds = smtp.received.map((mail) => /^Message-ID:\s*<([^@>]+)@/im.exec(mail.raw)![1])
    expect(messageIds.toSorted()).toEqual(ids.toSorted())
    expect(fs.readdirSync(path.join(queueDir, 'pending'))).toEqual([])
    expect(fs.readdirSync(path.join(queueDir, 'sending'))).toEqual([])
  })

  it('returns a claim left by a process that died mid-send, and sends it once', async () => {
    const smtp = await startSmtpListener()
    closers.push(smtp.close)
    const queueDir = tmp()
    let clock = Date.now()
    const outbox = createOutbox({
      queueDir,
      transport: smtpTransport(smtp.url),
      from: 'Bookings <bookings@example.com>',
      now: () => clock,
    })
    // What a killed process leaves behind: the job claimed, never sent.
    fs.mkdirSync(path.join(queueDir, 'sending'), {recursive: true})
    const claimed = path.join(queueDir, 'sending', 'booking-3-team.json')
    fs.writeFileSync(
      claimed,
      JSON.stringify({id: 'booking-3-team', message, attempts: 0, nextAttemptAt: clock}),
    )
    fs.utimesSync(claimed, new Date(clock), new Date(clock))
    await outbox.enqueue('booking-3-team', message)
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 0})
    clock += 11 * 60_000
    expect(await outbox.flush()).toMatchObject({sent: 1, pending: 0})
    expect(await outbox.flush()).toMatchObject({sent: 0, pending: 0})
    expect(smtp.received).toHaveLength(1)
  })

  it('forgets sent markers after a week, never sooner', async () => {
    const queueDir = tmp()
    const sentDir = path.join(queueDir, 'sent')
    fs.mkdirSync(sentDir, {recursive: true})
    const day = 24 * 3_600_000
    const clock = Date.now()
    for (const [name, age] of [
      ['old.json', 8 * day],
      ['recent.json', 2 * day],
    ] as const) {
      fs.writeFileSync(path.join(sentDir, name), '{}')
      fs.utimesSync(path.join(sentDir, name), new Date(clock - age), new Date(clock - age))
    }
    const outbox = createOutbox({
      queueDir,
      transport: {send: async () => {}},
      from: 'Bookings <bookings@example.com>',
      now: () => clock,
    })
    await outbox.flush()
    expect(fs.readdirSync(sentDir)).toEqual(['recent.json'])
  })

  it('sets a message aside after three days of failures, reports it, and does not queue it again', async () => {
    const queueDir = tmp()
    let clock = Date.now()
    const errors: unknown[] = []
    const outbox = createOutbox({
      queueDir,
      transport: {send: () => Promise.reject(new Error('550 mailbox unavailable'))},
      from: 'Bookings <bookings@example.com>',
      now: () => clock,
      onError: (error) => errors.push(error),
    })
    await outbox.enqueue('booking-4-traveller', message)
    await outbox.flush()
    clock += 2 * 24 * 3_600_000
    expect(await outbox.flush()).toMatchObject({failed: 1, pending: 1})
    expect(errors).toEqual([])
    clock += 2 * 24 * 3_600_000
    expect(await outbox.flush()).toMatchObject({failed: 1, pending: 0})
    expect(fs.readdirSync(path.join(queueDir, 'failed'))).toEqual(['booking-4-traveller.json'])
    expect(String(errors[0])).toMatch(
      /booking-4-traveller to guest@example.com given up after 3 attempts: .*550/,
    )
    await outbox.enqueue('booking-4-traveller', message)
    expect(fs.readdirSync(path.join(queueDir, 'pending'))).toEqual([])
  })

  it('writes .eml files when there is no SMTP server', async () => {
    const dir = tmp()
    const outbox = createOutbox({
      queueDir: path.join(dir, 'queue'),
      transport: fileTransport(path.join(dir, 'outbox')),
      from: 'Bookings <bookings@example.com>',
    })
    await outbox.enqueue('booking-2-team', message)
    await outbox.flush()
    const eml = fs.readFileSync(path.join(dir, 'outbox', 'booking-2-team.eml'), 'utf8')
    expect(eml).toMatch(/^To: guest@example.com$/m)
    expect(eml).not.toMatch(/^Bcc:/im)
  })
})
