import fs from 'node:fs/promises'
import path from 'node:path'

import nodemailer from 'nodemailer'

/**
 * A durable mail outbox. `enqueue` writes the message as a file (atomically, once per id) before anything is
 * sent, and `flush` delivers what is due, retrying with back-off; so an SMTP outage delays mail but never loses
 * it, and never turns an already stored request into an error. Without `SMTP_URL` the transport writes `.eml`
 * files to `DATA_DIR/outbox/` instead, for local runs and end-to-end tests.
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
  attempts: number
  nextAttemptAt: number
  lastError?: string
}

const MAX_BACKOFF_MS = 5 * 60_000

/** No CR or LF may reach a header: nodemailer encodes, and this makes it impossible by construction. */
const oneLine = (value: string) => value.replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ').trim()

export function smtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl)
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
  const sentDir = path.join(queueDir, 'sent')
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

  async function deliver(): Promise<{sent: number; failed: number; pending: number}> {
    await fs.mkdir(pendingDir, {recursive: true})
    await fs.mkdir(sentDir, {recursive: true})
    let sent = 0
    let failed = 0
    const names = (await fs.readdir(pendingDir)).filter((name) => name.endsWith('.json'))
    for (const name of names) {
      const file = path.join(pendingDir, name)
      let job: Job
      try {
        job = JSON.parse(await fs.readFile(file, 'utf8')) as Job
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') onError(error)
        continue
      }
      if (job.nextAttemptAt > now()) continue
      try {
        await transport.send(job.id, {
          from,
          to: oneLine(job.message.to),
          subject: oneLine(job.message.subject),
          text: job.message.text,
          html: job.message.html,
          ...(job.message.replyTo ? {replyTo: oneLine(job.message.replyTo)} : {}),
        })
        await writeAtomically(
          path.join(sentDir, name),
          JSON.stringify({id: job.id, sentAt: new Date(now()).toISOString()}),
          false,
        )
        await fs.rm(file, {force: true})
        sent++
      } catch (error) {
        failed++
        const attempts = job.attempts + 1
        const backoff = Math.min(1000 * 2 ** Math.min(attempts, 20), MAX_BACKOFF_MS)
        await writeAtomically(
          file,
          JSON.stringify({
            ...job,
            attempts,
            nextAttemptAt: now() + backoff,
            lastError: String(error),
          }),
          false,
        ).catch(onError)
      }
    }
    const pending = (await fs.readdir(pendingDir)).filter((name) => name.endsWith('.json')).length
    return {sent, failed, pending}
  }

  const outbox: Outbox = {
    async enqueue(id, message) {
      const name = `${safeId(id)}.json`
      await fs.mkdir(pendingDir, {recursive: true})
      // Cheap checks first: the minute sweep re-queues recent bookings, nearly always already queued or sent.
      if (await exists(path.join(sentDir, name))) return
      if (await exists(path.join(pendingDir, name))) return
      const job: Job = {id, message, attempts: 0, nextAttemptAt: now()}
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
