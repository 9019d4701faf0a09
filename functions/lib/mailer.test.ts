import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

import {afterEach, describe, expect, it} from 'vitest'

import {createOutbox, fileTransport, smtpTransport} from './mailer.ts'
import {startSmtpListener} from './testing/smtp-listener.ts'

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mailer-test-'))

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const {port} = server.address() as net.AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

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
