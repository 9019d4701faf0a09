import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'

import {IMPORTED_SUFFIX, importFileQueue} from './import-file-queue.ts'
import {createOutbox, OUTBOX_MAIL_TYPE, type OutboxMailDocument} from './mailer.ts'

let lake: TestLake
beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(async () => {
  await lake?.stop()
})

const message = (to: string) => ({to, subject: 'Your request', text: 'Hello', html: '<p>Hello</p>'})

/** A mail queue as the file outbox left it in DATA_DIR before the outbox moved into the lake. */
function oldQueue() {
  const queueDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'old-queue-')), 'mail-queue')
  const write = (folder: string, name: string, value: unknown) => {
    fs.mkdirSync(path.join(queueDir, folder), {recursive: true})
    fs.writeFileSync(path.join(queueDir, folder, `${name}.json`), JSON.stringify(value))
  }
  write('sent', 'booking-old-traveller', {
    id: 'booking-old-traveller',
    sentAt: '2026-11-20T10:00:00.000Z',
  })
  write('pending', 'booking-old-team', {
    id: 'booking-old-team',
    message: message('team@example.com'),
    queuedAt: Date.parse('2026-11-20T10:00:00Z'),
    attempts: 2,
    nextAttemptAt: Date.parse('2026-11-20T10:05:00Z'),
    lastError: 'Error: connect ECONNREFUSED',
  })
  write('sending', 'trip-old-team', {
    id: 'trip-old-team',
    message: message('team@example.com'),
    attempts: 0,
    nextAttemptAt: 0,
  })
  write('failed', 'booking-gone-traveller', {
    id: 'booking-gone-traveller',
    message: message('nobody@example.com'),
    attempts: 9,
    nextAttemptAt: 0,
  })
  fs.writeFileSync(path.join(queueDir, 'pending', 'torn.json'), '{"id": "torn", "mess')
  return queueDir
}

describe('moving the old file mail queue into the lake', () => {
  it('keeps what was sent as sent, what waited as due, what failed as failed; once; then the folder is set aside', async () => {
    const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
    const queueDir = oldQueue()
    expect(await importFileQueue(queueDir, bookings)).toBe(4)
    const records = await bookings.fetch<OutboxMailDocument[]>(
      `*[_type == $type] | order(mail_id asc){mail_id, about, status, attempts, to, last_error, sent_at}`,
      {type: OUTBOX_MAIL_TYPE},
    )
    expect(records).toMatchObject([
      {mail_id: 'booking-gone-traveller', status: 'failed', attempts: 9, to: 'nobody@example.com'},
      {
        mail_id: 'booking-old-team',
        status: 'pending',
        attempts: 2,
        last_error: 'Error: connect ECONNREFUSED',
      },
      {
        mail_id: 'booking-old-traveller',
        about: 'booking-old',
        status: 'sent',
        sent_at: '2026-11-20T10:00:00.000Z',
      },
      {mail_id: 'trip-old-team', status: 'pending', to: 'team@example.com'},
    ])
    expect(fs.existsSync(queueDir)).toBe(false)
    expect(fs.existsSync(`${queueDir}${IMPORTED_SUFFIX}`)).toBe(true)
    expect(await importFileQueue(queueDir, bookings)).toBe(0)

    // What the old queue sent is not sent again when the sweep queues it; what waited goes once.
    const sent: string[] = []
    const outbox = createOutbox({
      bookings,
      transport: {send: async (id) => void sent.push(id)},
      from: 'Bookings <bookings@example.com>',
    })
    await outbox.enqueue('booking-old-traveller', message('guest@example.com'))
    await outbox.flush()
    expect(sent.toSorted()).toEqual(['booking-old-team', 'trip-old-team'])
  })
})
