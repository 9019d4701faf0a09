import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {afterEach, describe, expect, it} from 'vitest'

import {scrubDisk} from './anonymise-requests.ts'

let dir: string | undefined
afterEach(() => {
  if (dir) fs.rmSync(dir, {recursive: true, force: true})
})

describe('a server scrubbing its own sent-mail files', () => {
  it('removes a privacy request’s mails: those naming the person, and those of a request purged whole', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scrub-'))
    const outbox = path.join(dir, 'outbox')
    fs.mkdirSync(outbox)
    const files = {
      'old-acknowledgement.eml': 'To: nomvula@example.org',
      'privacy-done-0123456789abcdef01234567.eml':
        'To: nomvula@example.org\n\nPhone number: +27 82 555 0199',
      'privacy-confirm-0123456789abcdef01234567.eml': 'To: nomvula@example.org\n\nConfirm',
      'privacy-confirm-fedcba9876543210fedcba98.eml': 'To: spent.asker@example.org\n\nConfirm',
      'privacy-confirm-aaaaaaaaaaaaaaaaaaaaaaaa.eml': 'To: someone.else@example.org\n\nConfirm',
      'other-booking-traveller.eml': 'To: nomvula@example.org',
    }
    for (const [name, text] of Object.entries(files))
      fs.writeFileSync(path.join(outbox, name), text)
    const removed = await scrubDisk(
      dir,
      {
        anonymised_ids: ['old'],
        purged_ids: ['privacyRequest.fedcba9876543210fedcba98'],
        address_hashes: [],
        by_address: false,
        at: '2026-11-21T08:00:00Z',
      },
      {marks: ['nomvula@example.org', '+27 82 555 0199'], secret: 'secret'},
    )
    // A retention scrub (not an erasure) leaves the mails of the person's other, newer requests.
    expect(fs.readdirSync(outbox).sort()).toEqual([
      'other-booking-traveller.eml',
      'privacy-confirm-aaaaaaaaaaaaaaaaaaaaaaaa.eml',
    ])
    expect(removed.mailFiles).toBe(4)
  })
})
