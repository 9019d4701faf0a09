import fs from 'node:fs/promises'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'

import {
  isSafeMailId,
  outboxMailDocument,
  type MailMessage,
  type OutboxMailDocument,
} from './mailer.ts'

/**
 * A message as the file outbox kept it (before the outbox moved into the lake), in `pending/`, `sending/` or
 * `failed/`.
 */
type FileJob = {
  id: string
  message: MailMessage
  queuedAt?: number
  attempts?: number
  nextAttemptAt?: number
  lastError?: string
}

/** The folder's name once imported: kept, not deleted, so nothing in it is lost should anything go wrong. */
export const IMPORTED_SUFFIX = '.imported'

const BATCH = 100

/** The document a mail is about, from its id (`<document id>-traveller` or `-team`), for the staff's mail log. */
const aboutOf = (mailId: string) => /^(.+)-(?:traveller|team)$/.exec(mailId)?.[1]

/**
 * Moves the mail queue an older version kept in `DATA_DIR/mail-queue/` into the lake's outbox, once, when a site
 * server starts. Without it, the sweep would queue the last day's mail again and send what the old queue had
 * already sent, and what was still waiting there would never go. Sent markers become `sent` records, waiting and
 * claimed messages `pending` ones (due at once), given-up ones `failed`; a message the lake already has is left
 * as it is (`createIfNotExists`). The folder is then renamed `mail-queue.imported`. Resolves to how many messages
 * it imported (0 when there was no folder).
 */
export async function importFileQueue(
  queueDir: string,
  bookings: SanityClient,
  now = Date.now,
): Promise<number> {
  const exists = await fs.stat(queueDir).then(
    (stat) => stat.isDirectory(),
    () => false,
  )
  if (!exists) return 0
  const iso = (ms: number) => new Date(ms).toISOString()
  const read = async (folder: string) => {
    const dir = path.join(queueDir, folder)
    const names = await fs.readdir(dir).catch(() => [] as string[])
    const files = names.filter((name) => name.endsWith('.json'))
    const parsed = await Promise.all(
      files.map(async (name) => {
        try {
          return JSON.parse(await fs.readFile(path.join(dir, name), 'utf8')) as unknown
        } catch {
          return null // a half-written file from a crash: its message is queued again by the sweep
        }
      }),
    )
    return parsed.filter((value): value is Record<string, unknown> => value !== null)
  }
  const record = (job: FileJob, status: 'pending' | 'failed'): OutboxMailDocument => ({
    ...outboxMailDocument(job.id, job.message, aboutOf(job.id), iso(job.queuedAt ?? now())),
    next_attempt_at: iso(now()),
    status,
    attempts: job.attempts ?? 0,
    ...(job.lastError ? {last_error: job.lastError} : {}),
  })
  const isJob = (value: Record<string, unknown>): value is FileJob =>
    typeof value.id === 'string' && typeof value.message === 'object' && value.message !== null
  const documents: OutboxMailDocument[] = [
    ...(await read('sent'))
      .filter((marker) => typeof marker.id === 'string')
      .map((marker): OutboxMailDocument => {
        const sentAt = typeof marker.sentAt === 'string' ? marker.sentAt : iso(now())
        // The message itself was not kept: the record says it went, so nothing sends it again.
        const id = marker.id as string
        const message = {
          to: '',
          subject: '(sent before the outbox moved to the lake)',
          text: '',
          html: '',
        }
        return {
          ...outboxMailDocument(id, message, aboutOf(id), sentAt),
          status: 'sent',
          attempts: 1,
          sent_at: sentAt,
        }
      }),
    ...[...(await read('pending')), ...(await read('sending'))]
      .filter(isJob)
      .map((job) => record(job, 'pending')),
    ...(await read('failed')).filter(isJob).map((job) => record(job, 'failed')),
  ].filter((doc) => isSafeMailId(doc.mail_id))
  for (let start = 0; start < documents.length; start += BATCH) {
    const transaction = bookings.transaction()
    for (const doc of documents.slice(start, start + BATCH)) transaction.createIfNotExists(doc)
    await transaction.commit({returnDocuments: false, visibility: 'sync'})
  }
  await fs.rename(queueDir, `${queueDir}${IMPORTED_SUFFIX}`)
  return documents.length
}
