import fs from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'

/**
 * A durable mail outbox. `enqueue` writes the message as a file (atomically, once per id) before anything is
 * sent, and `flush` delivers what is due, retrying with back-off; so an SMTP outage delays mail but never loses
 * it, and never turns an already stored request into an error. Without `SMTP_URL` the transport writes `.eml`
 * files to `DATA_DIR/outbox/` instead, for local runs.
 */
export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
}

export type MailTransport = {
  send: (id: string, message: MailMessage & {from: string}) => Promise<void>
}

export type Outbox = {
  /** Queues a message under a stable id; queuing the same id again does nothing. */
  enqueue: (id: string, message: MailMessage) => Promise<void>
  /** Sends every due message; resolves when this pass is done. */
  flush: () => Promise<{sent: number; failed: number; pending: number}>
  /** Flushes every `intervalMs` until `stop`. */
  start: (intervalMs?: number) => void
  stop: () => void
}

type Job = {
  id: string
  message: MailMessage
  /** When it was queued; older jobs (before this field) count from their first failure. */
  queuedAt?: number
  attempts: number
  nextAttemptAt: number
  lastError?: string
}

const MAX_BACKOFF_MS = 5 * 60_000
/** Longer than any send can take (nodemailer's own timeouts are 2 minutes at most). */
const STALE_CLAIM_MS = 10 * 60_000
const PARALLEL_SENDS = 4
/**
 * A sent marker stops a re-queued message (the sweep looks a day back) from going out twice; after a week it can
 * go, so the folder does not grow for ever.
 */
const SENT_MARKER_TTL_MS = 7 * 24 * 3_600_000
const PRUNE_EVERY_MS = 3_600_000
/**
 * After three days of failures a message is set aside in `failed/` (with its last error) and reported, rather than
 * retried every five minutes for ever: by then the address is wrong or the mail server refuses it for good.
 */
const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000

/** No CR or LF may reach a header: nodemailer encodes, and this makes it impossible by construction. */
const oneLine = (value: string) => value.replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ').trim()

export function smtpTransport(smtpUrl: string): MailTransport {
  // Pooled: a backlog after an outage goes over a few reused connections instead of one handshake per message.
  // Idle connections close after a second: mail comes in bursts, and a held connection would only go stale.
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: PARALLEL_SENDS,
    idleTimeout: 1_000,
  })
  return {
    async send(id, message) {
      await transporter.sendMail({...message, messageId: `<${id}@capetown-experiences.local>`})
    },
  }
}

/** Writes each message as `<outboxDir>/<id>.eml`, the form a mail client opens. */
export function fileTransport(outboxDir: string): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    async send(id, message) {
      const info = await transporter.sendMail({
        ...message,
        messageId: `<${id}@capetown-experiences.local>`,
      })
      await fs.mkdir(outboxDir, {recursive: true})
      const final = path.join(outboxDir, `${id}.eml`)
      await fs.writeFile(`${final}.tmp`, info.message as Buffer)
      await fs.rename(`${final}.tmp`, final)
    },
  }
}

export function createOutbox({
  queueDir,
  transport,
  from,
  now = Date.now,
  onError = (error: unknown) => console.error('[outbox]', error),
}: {
  queueDir: string
  transport: MailTransport
  from: string
  now?: () => number
  onError?: (error: unknown) => void
}): Outbox {
  const pendingDir = path.join(queueDir, 'pending')
  const sendingDir = path.join(queueDir, 'sending')
  const sentDir = path.join(queueDir, 'sent')
  const failedDir = path.join(queueDir, 'failed')
  let running: Promise<{sent: number; failed: number; pending: number}> | null = null
  let timer: NodeJS.Timeout | undefined

  const safeId = (id: string) => {
    if (!/^[\w.-]{1,160}$/.test(id)) throw new Error(`Unsafe outbox id: ${id}`)
    return id
  }

  let again = false

  /** Returns false when `exclusive` and the file already existed. */
  async function writeAtomically(file: string, data: string, exclusive: boolean): Promise<boolean> {
    const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    const handle = await fs.open(tmp, 'w')
    try {
      await handle.writeFile(data)
      await handle.sync()
    } finally {
      await handle.close()
    }
    try {
      // link() fails when the file exists: an exclusive, atomic create. rename() replaces: an atomic update.
      if (exclusive) await fs.link(tmp, file)
      else await fs.rename(tmp, file)
    } catch (error) {
      if (!(exclusive && (error as NodeJS.ErrnoException).code === 'EEXIST')) throw error
      return false
    } finally {
      if (exclusive) await fs.rm(tmp, {force: true})
    }
    return true
  }

  async function exists(file: string) {
    return fs.access(file).then(
      () => true,
      () => false,
    )
  }

  /**
   * Takes a job for this pass by moving it from pending/ to sending/: rename is atomic, so when two passes (or two
   * processes sharing the queue) reach the same file, exactly one of them gets it.
   */
  async function claim(name: string): Promise<string | null> {
    const claimed = path.join(sendingDir, name)
    try {
      await fs.rename(path.join(pendingDir, name), claimed)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
    // The claim's age is its mtime: a claim left by a process that died mid-send is returned to pending/ later.
    const at = new Date(now())
    await fs.utimes(claimed, at, at)
    return claimed
  }

  /** Claims older than STALE_CLAIM_MS belong to a pass that died; their jobs go back to pending/. */
  async function releaseStaleClaims() {
    for (const name of await fs.readdir(sendingDir)) {
      const claimed = path.join(sendingDir, name)
      const stat = await fs.stat(claimed).catch(() => null)
      if (stat && now() - stat.mtimeMs > STALE_CLAIM_MS)
        await fs.rename(claimed, path.join(pendingDir, name)).catch(() => {})
    }
  }

  async function deliverOne(name: string): Promise<'sent' | 'failed' | 'skipped'> {
    const file = path.join(pendingDir, name)
    let job: Job
    try {
      job = JSON.parse(await fs.readFile(file, 'utf8')) as Job
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onError(error)
      return 'skipped'
    }
    if (job.nextAttemptAt > now()) return 'skipped'
    const claimed = await claim(name)
    if (!claimed) return 'skipped'
    try {
      await transport.send(job.id, {
        from,
        to: oneLine(job.message.to),
        subject: oneLine(job.message.subject),
        text: job.message.text,
        html: job.message.html,
        ...(job.message.replyTo ? {replyTo: oneLine(job.message.replyTo)} : {}),
      })
    } catch (error) {
      const attempts = job.attempts + 1
      const backoff = Math.min(1000 * 2 ** Math.min(attempts, 20), MAX_BACKOFF_MS)
      const queuedAt = job.queuedAt ?? now()
      const retry = {
        ...job,
        queuedAt,
        attempts,
        nextAttemptAt: now() + backoff,
        lastError: String(error),
      }
      const givenUp = now() - queuedAt > GIVE_UP_AFTER_MS
      // Update the claimed copy, then hand it back (or set it aside): pending/ only ever sees whole jobs.
      await writeAtomically(claimed, JSON.stringify(retry), false)
        .then(() => fs.rename(claimed, givenUp ? path.join(failedDir, name) : file))
        .catch(onError)
      if (givenUp)
        onError(
          new Error(
            `Mail ${job.id} to ${job.message.to} given up after ${attempts} attempts: ${String(error)}`,
          ),
        )
      return 'failed'
    }
    // The sent marker is written before the claim goes, so the job is always in one of the three places.
    await writeAtomically(
      path.join(sentDir, name),
      JSON.stringify({id: job.id, sentAt: new Date(now()).toISOString()}),
      false,
    )
    await fs.rm(claimed, {force: true})
    return 'sent'
  }

  let prunedAt = -Infinity
  async function pruneSentMarkers() {
    if (now() - prunedAt < PRUNE_EVERY_MS) return
    prunedAt = now()
    for (const name of await fs.readdir(sentDir)) {
      const marker = path.join(sentDir, name)
      const stat = await fs.stat(marker).catch(() => null)
      if (stat && now() - stat.mtimeMs > SENT_MARKER_TTL_MS) await fs.rm(marker, {force: true})
    }
  }

  async function deliver(): Promise<{sent: number; failed: number; pending: number}> {
    for (const dir of [pendingDir, sendingDir, sentDir, failedDir])
      await fs.mkdir(dir, {recursive: true})
    await releaseStaleClaims()
    await pruneSentMarkers()
    const names = (await fs.readdir(pendingDir)).filter((name) => name.endsWith('.json'))
    const counts = {sent: 0, failed: 0, skipped: 0}
    // A few messages in flight at once: after an outage the backlog drains in seconds, not minutes.
    let next = 0
    await Promise.all(
      Array.from({length: Math.min(PARALLEL_SENDS, names.length)}, async () => {
        while (next < names.length) counts[await deliverOne(names[next++]!)]++
      }),
    )
    const pending = (await fs.readdir(pendingDir)).filter((name) => name.endsWith('.json')).length
    return {sent: counts.sent, failed: counts.failed, pending}
  }

  const outbox: Outbox = {
    async enqueue(id, message) {
      const name = `${safeId(id)}.json`
      await fs.mkdir(pendingDir, {recursive: true})
      // Cheap checks first: the minute sweep re-queues recent bookings, nearly always already queued or sent. A job
      // only moves forward (pending, sending, sent) except back to pending after a failure, so looking in that
      // order finds it even while a pass moves it; the exclusive create below catches the move back.
      for (const dir of [pendingDir, sendingDir, sentDir, failedDir])
        if (await exists(path.join(dir, name))) return
      const job: Job = {id, message, queuedAt: now(), attempts: 0, nextAttemptAt: now()}
      // Try at once when it is new; failures stay queued for the next pass.
      if (await writeAtomically(path.join(pendingDir, name), JSON.stringify(job), true))
        void outbox.flush().catch(onError)
    },
    flush() {
      // One pass at a time, so a message is never sent twice by overlapping passes; calls during a pass ask for
      // one more pass, so nothing queued meanwhile waits for the timer.
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        let result
        do {
          again = false
          result = await deliver()
        } while (again)
        return result
      })().finally(() => {
        running = null
      })
      return running
    },
    start(intervalMs = 5_000) {
      outbox.stop()
      timer = setInterval(() => void outbox.flush().catch(onError), intervalMs)
      timer.unref()
      void outbox.flush().catch(onError)
    },
    stop() {
      if (timer) clearInterval(timer)
      timer = undefined
    },
  }
  return outbox
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({'&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;'})[c]!,
  )
}
