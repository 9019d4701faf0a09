import fs from 'node:fs/promises'
import path from 'node:path'

import type {Mutation, Patch, SanityClient} from '@sanity/client'
import nodemailer from 'nodemailer'

import {isConflict} from '@repo/schemas/lake-errors.ts'
import {escapeHtml} from '@repo/schemas/mail-templates.ts'

import {
  calendarFields,
  calendarOf,
  nodemailerMessage,
  type CalendarPart,
} from './mail-calendar-part.ts'
import {SEALED_LINK_SLOT} from './sealed-link.ts'
import {purgeMutation} from './purge.ts'
import {dueMailsQuery, PASS_SIZE} from './queries/due-mails-query.ts'
import {oldSentMailsQuery} from './queries/old-sent-mails-query.ts'
import {waitingMailsQuery} from './queries/waiting-mails-query.ts'

/**
 * A durable mail outbox whose state lives in the private `bookings` dataset
 * (docs/decisions/010-the-mail-outbox-in-the-lake.md), so any number of site servers share it: one `outboxMail`
 * document per message, its id fixed by the message's own id (a booking and a kind), created only if new, claimed
 * with the lake's revision check before it is sent, and marked sent or failed. An SMTP outage delays mail but never
 * loses it, a server killed mid-send leaves a claim that another server takes over once it has timed out, and a
 * stored request is never turned into an error by its mail. Without `SMTP_URL` the transport writes `.eml` files to
 * `DATA_DIR/outbox/` instead, for local runs.
 */
export type MailMessage = {
  to: string
  subject: string
  text: string
  html: string
  replyTo?: string
  /** The sender from site settings (editors choose it); unset, the outbox's own `from` (MAIL_FROM). */
  from?: string
  /** A calendar invitation sent with the mail as its `text/calendar` part (booking-calendar.ts). */
  calendar?: CalendarPart
  /**
   * The one-click unsubscribe address of a mail to a newsletter subscriber: sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058), so the reader's mail program offers the button.
   */
  listUnsubscribe?: string
}

export type MailTransport = {
  send: (id: string, message: MailMessage & {from: string}) => Promise<void>
  /** Removes what this transport kept of a sent message (the file transport's `.eml`), for `purge_when_done`. */
  forget?: (id: string) => Promise<void>
}

export type Outbox = {
  /**
   * Queues a message under a stable id (`<document id>-<kind>`); queuing the same id again does nothing. `about`
   * names the document the mail concerns, for the staff's mail log.
   */
  enqueue: (id: string, message: MailMessage, about?: string) => Promise<void>
  /**
   * The mutation that queues a message, for a caller to commit in its own transaction (a booking with its mails,
   * so a stored booking always has them); `flush` once it is committed.
   */
  queueMutation: (
    id: string,
    message: MailMessage,
    about?: string,
    options?: {withheld?: string},
  ) => Mutation
  /** Sends every due message; resolves when this pass is done. */
  flush: () => Promise<{sent: number; failed: number; pending: number}>
  /**
   * Sends the due messages about one document (the Sanity Function's pass, on that document's event), with the
   * same claims as `flush`; `pending` counts that document's messages still waiting.
   */
  sendAbout: (about: string) => Promise<{sent: number; failed: number; pending: number}>
  /**
   * Every mail this outbox has sent or given up since it was made, the sends its own queuing started included:
   * a pass `flush` joins or follows may have had nothing left to send (the jobs' summary counts with this).
   */
  sentSoFar: () => {sent: number; failed: number}
  /** Flushes every `intervalMs` until `stop`. */
  start: (intervalMs?: number) => void
  /** Ends the timer, and resolves once the pass in flight (if any) has recorded what it sent. */
  stop: () => Promise<void>
}

const MAX_BACKOFF_MS = 5 * 60_000
/** Longer than any send can take (nodemailer's own timeouts are 2 minutes at most). */
const STALE_CLAIM_MS = 10 * 60_000
const PARALLEL_SENDS = 4
const PRUNE_EVERY_MS = 3_600_000
/**
 * After three days of failures a message is marked failed (with its last error) and reported, rather than
 * retried every five minutes for ever: by then the address is wrong or the mail server refuses it for good.
 */
const GIVE_UP_AFTER_MS = 3 * 24 * 3_600_000

/** No CR or LF may reach a header: nodemailer encodes, and this makes it impossible by construction. */
const oneLine = (value: string) => value.replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ').trim()

/**
 * The Message-ID of message `id`: in the sender's own domain (site settings' address, else MAIL_FROM), so it names
 * the business that sends it, whatever that business is called.
 */
export function messageId(id: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
  return `<${id}@${domain}>`
}

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
      await transporter.sendMail({
        ...nodemailerMessage(message),
        messageId: messageId(id, message.from),
      })
    },
  }
}

/**
 * Writes each message as `<outboxDir>/<id>.eml`, the form a mail client opens: for development only, as the files
 * hold live links. The folder is this user's alone (0700) and each file too (0600), whatever the umask.
 */
export function fileTransport(outboxDir: string): MailTransport {
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  })
  return {
    async send(id, message) {
      const info = await transporter.sendMail({
        ...nodemailerMessage(message),
        messageId: messageId(id, message.from),
      })
      await fs.mkdir(outboxDir, {recursive: true, mode: 0o700})
      // A folder made earlier, or by someone else's umask, is closed too.
      await fs.chmod(outboxDir, 0o700)
      const final = path.join(outboxDir, `${id}.eml`)
      await fs.writeFile(`${final}.tmp`, info.message as Buffer, {mode: 0o600})
      await fs.chmod(`${final}.tmp`, 0o600)
      await fs.rename(`${final}.tmp`, final)
    },
    forget: (id) => fs.rm(path.join(outboxDir, `${id}.eml`), {force: true}),
  }
}

/** SMTP when configured; otherwise `.eml` files in `<dataDir>/outbox/`, for local runs. */
export function mailTransport(smtpUrl: string | undefined, dataDir: string): MailTransport {
  return smtpUrl ? smtpTransport(smtpUrl) : fileTransport(path.join(dataDir, 'outbox'))
}

export const OUTBOX_MAIL_TYPE = 'outboxMail'

export type OutboxMailStatus = 'pending' | 'sending' | 'sent' | 'failed'

export type OutboxMailDocument = {
  _id: string
  _type: typeof OUTBOX_MAIL_TYPE
  /** The message's own id (`<document id>-<kind>`): its Message-ID, so a mail client sees a resend as one mail. */
  mail_id: string
  /** The booking, trip request or sign-up the mail is about, for the staff's mail log. */
  about?: string
  to: string
  subject: string
  text: string
  html: string
  reply_to?: string
  from?: string
  calendar_method?: CalendarPart['method']
  calendar?: string
  list_unsubscribe?: string
  /**
   * The text and HTML as kept once the mail is sent or given up (a single-use link blanked): what the log shows
   * from then on, so the lake never keeps a usable link longer than the send takes.
   */
  redacted?: {text: string; html: string}
  /**
   * A link the lake must never hold readable (sealed-link.ts): the text and HTML carry `SEALED_LINK_SLOT` where it
   * goes, and only an outbox given `openLink` sends the mail. Removed once the mail is sent or given up.
   */
  sealed_link?: string
  /**
   * The last mail to an address being erased (the erasure's confirmation): once sent or given up, the document is
   * purged, history and all, and the transport forgets its copy, rather than kept for the staff's mail log.
   */
  purge_when_done?: boolean
  status: OutboxMailStatus
  attempts: number
  queued_at: string
  next_attempt_at: string
  claimed_until?: string
  claimed_by?: string
  sent_at?: string
  last_error?: string
}

/** The lake document of a message: `mail-` and the message id, which is already a valid document id. */
export const outboxMailId = (id: string) => `mail-${id}`

/** Message ids become document ids and Message-IDs: word characters and dashes only. */
export const isSafeMailId = (id: string) => /^[\w-]{1,120}$/.test(id)

/** What an outbox document keeps of a message (its envelope and its parts). */
const messageFields = (message: MailMessage) => ({
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  ...(message.replyTo ? {reply_to: message.replyTo} : {}),
  ...(message.from ? {from: message.from} : {}),
  ...calendarFields(message.calendar),
  ...(message.listUnsubscribe ? {list_unsubscribe: message.listUnsubscribe} : {}),
})

/**
 * A message's outbox document, pending and due from `queuedAt`; or, `withheld` (a limit said no), recorded as
 * failed with that reason and never tried: the staff's mail log shows it, "Send again" can still send it, and a
 * sweep queuing it again finds it there and sends nothing.
 */
export function outboxMailDocument(
  id: string,
  message: MailMessage,
  about: string | undefined,
  queuedAt: string,
  withheld?: string,
): OutboxMailDocument {
  return {
    _id: outboxMailId(id),
    _type: OUTBOX_MAIL_TYPE,
    mail_id: id,
    ...(about ? {about} : {}),
    ...messageFields(message),
    status: withheld ? 'failed' : 'pending',
    attempts: 0,
    queued_at: queuedAt,
    next_attempt_at: queuedAt,
    ...(withheld ? {last_error: withheld} : {}),
  }
}

/** Sent messages are kept this long for the staff's mail log, far longer than the sweep looks back (a day). */
const SENT_RECORD_TTL_MS = 90 * 24 * 3_600_000
/** The sweep re-queues the last day's messages every minute; a message known to be queued is not asked again. */
const KNOWN_FOR_MS = 25 * 3_600_000

type OutboxOptions = {
  /** The private `bookings` dataset, with a token that may write it. */
  bookings: SanityClient
  transport: MailTransport
  from: string
  /** Names this server in its claims (for the mail log and for reading a stuck claim). */
  server?: string
  now?: () => number
  /**
   * How long a claim lasts before another server may take the message over. Shorter only where sends are known
   * to be quick (tests that kill a server); any send still under way when its claim ends is sent twice.
   */
  claimTimeoutMs?: number
  onError?: (error: unknown) => void
  /** Opens a mail's sealed link as it is sent (sealed-link.ts); without it, such mails wait for a server that has it. */
  openLink?: (sealed: string) => string
}

/** One server's outbox: its options with their defaults, and what it remembers between passes. */
type OutboxState = Required<Omit<OutboxOptions, 'openLink'>> &
  Pick<OutboxOptions, 'openLink'> & {
    /** Message ids this server has seen stored in the lake, and when: the minute sweep asks for them again. */
    known: Map<string, number>
    /**
     * What this server has sent but could not yet record (the lake was unreachable just then). Recorded before
     * the next pass reads anything, which it never does while one of these cannot be recorded: SMTP has the
     * message, and its claim may time out meanwhile.
     */
    unrecorded: Map<string, Recorded>
    prunedAt: number
    /** What every pass of this outbox has sent and given up. */
    totals: {sent: number; failed: number}
  }

type ClaimedMail = OutboxMailDocument & {_rev: string}
type PassCounts = {sent: number; failed: number; pending: number}
/** What to write on a mail's document after a send: fields to set, and the sealed link to remove once it is done with. */
type Recorded = {set: Partial<OutboxMailDocument>; unsetSealedLink: boolean}
type Outcome = {mail: OutboxMailDocument; sent: boolean; record: Recorded}

const iso = (ms: number) => new Date(ms).toISOString()
const SYNC = {returnDocuments: false, visibility: 'sync'} as const

function commitPatch(
  outbox: OutboxState,
  id: string,
  set: Partial<OutboxMailDocument>,
  ifRevisionId?: string,
) {
  const patch = outbox.bookings.patch(id).set(set)
  return (ifRevisionId ? patch.ifRevisionId(ifRevisionId) : patch).commit(SYNC)
}

const recordPatch = (patch: Patch, {set, unsetSealedLink}: Recorded) =>
  unsetSealedLink ? patch.set(set).unset(['sealed_link']) : patch.set(set)

async function recordUnrecorded(outbox: OutboxState) {
  for (const [id, recorded] of outbox.unrecorded) {
    await recordPatch(outbox.bookings.patch(id), recorded).commit(SYNC)
    outbox.unrecorded.delete(id)
  }
}

/** The mail as it goes out: its sealed link, if any, opened into the slots of its text and HTML. */
function withOpenedLink(outbox: OutboxState, mail: OutboxMailDocument) {
  if (!mail.sealed_link) return {text: mail.text, html: mail.html}
  if (!outbox.openLink)
    throw new Error(`Mail ${mail.mail_id} has a sealed link this outbox cannot open.`)
  const link = outbox.openLink(mail.sealed_link)
  return {
    text: mail.text.replaceAll(SEALED_LINK_SLOT, link),
    html: mail.html.replaceAll(SEALED_LINK_SLOT, escapeHtml(link)),
  }
}

/**
 * Claims due messages for this server. The revision check makes a claim exclusive: of several servers reading
 * the same due message, one wins. All in one transaction, as a rule; when another server got one of them first,
 * the transaction is refused whole, and each is claimed on its own.
 */
async function claim(outbox: OutboxState, due: ClaimedMail[]): Promise<ClaimedMail[]> {
  const claimed: Partial<OutboxMailDocument> = {
    status: 'sending',
    claimed_until: iso(outbox.now() + outbox.claimTimeoutMs),
    claimed_by: outbox.server,
  }
  const transaction = outbox.bookings.transaction()
  for (const mail of due) transaction.patch(mail._id, (p) => p.ifRevisionId(mail._rev).set(claimed))
  try {
    await transaction.commit(SYNC)
    return due
  } catch (error) {
    if (!isConflict(error)) throw error
  }
  const mine = []
  for (const mail of due) {
    try {
      await commitPatch(outbox, mail._id, claimed, mail._rev)
      mine.push(mail)
    } catch (error) {
      if (!isConflict(error)) throw error
    }
  }
  return mine
}

/** Sends one claimed message, and says what to record: sent, or due again later (or given up after three days). */
async function attempt(outbox: OutboxState, mail: OutboxMailDocument): Promise<Outcome> {
  const {now} = outbox
  const attempts = (mail.attempts ?? 0) + 1
  const done = {...mail.redacted}
  try {
    await outbox.transport.send(mail.mail_id, {
      from: mail.from ? oneLine(mail.from) : outbox.from,
      to: oneLine(mail.to),
      subject: oneLine(mail.subject),
      ...withOpenedLink(outbox, mail),
      ...(mail.reply_to ? {replyTo: oneLine(mail.reply_to)} : {}),
      ...(mail.list_unsubscribe ? {listUnsubscribe: oneLine(mail.list_unsubscribe)} : {}),
      ...calendarOf(mail),
    })
    return {
      mail,
      sent: true,
      record: {
        set: {status: 'sent', attempts, sent_at: iso(now()), ...done},
        unsetSealedLink: Boolean(mail.sealed_link),
      },
    }
  } catch (error) {
    const lastError = String(error).slice(0, 500)
    const givenUp = now() - Date.parse(mail.queued_at) > GIVE_UP_AFTER_MS
    if (givenUp)
      outbox.onError(
        new Error(
          `Mail ${mail.mail_id} to ${mail.to} given up after ${attempts} attempts: ${lastError}`,
        ),
      )
    const backoff = Math.min(1000 * 2 ** Math.min(attempts, 20), MAX_BACKOFF_MS)
    return {
      mail,
      sent: false,
      record: {
        set: {
          status: givenUp ? 'failed' : 'pending',
          ...(givenUp ? done : {}),
          attempts,
          next_attempt_at: iso(now() + backoff),
          last_error: lastError,
        },
        unsetSealedLink: givenUp && Boolean(mail.sealed_link),
      },
    }
  }
}

/**
 * Records what a few sends did, in one transaction. When the lake cannot take it, what was sent is kept to be
 * recorded before the next pass; what failed is simply tried again once its claim has timed out.
 */
async function record(outbox: OutboxState, outcomes: Outcome[]) {
  const transaction = outbox.bookings.transaction()
  for (const {mail, record} of outcomes) transaction.patch(mail._id, (p) => recordPatch(p, record))
  try {
    await transaction.commit(SYNC)
  } catch (error) {
    for (const {mail, sent, record} of outcomes) if (sent) outbox.unrecorded.set(mail._id, record)
    outbox.onError(error)
    return
  }
  // Recorded first, so a failed purge never sends the mail again: the retention job purges what is left.
  const done = outcomes.filter(
    ({mail, record}) => mail.purge_when_done && record.set.status !== 'pending',
  )
  if (done.length === 0) return
  try {
    await outbox.bookings.mutate(
      done.map(({mail}) => purgeMutation(mail._id)),
      SYNC,
    )
    for (const {mail} of done) await outbox.transport.forget?.(mail.mail_id)
  } catch (error) {
    outbox.onError(error)
  }
}

/** Hands claimed messages back unsent, due at `at`: the mail server is refusing everything just now. */
async function release(outbox: OutboxState, mails: OutboxMailDocument[], at: string) {
  const transaction = outbox.bookings.transaction()
  for (const mail of mails)
    transaction.patch(mail._id, (p) => p.set({status: 'pending', next_attempt_at: at}))
  await transaction.commit(SYNC).catch(outbox.onError)
}

/** Once an hour: forgets old known ids and deletes sent records past their keeping time. */
async function pruneOldRecords(outbox: OutboxState) {
  const {now, known, bookings} = outbox
  if (now() - outbox.prunedAt < PRUNE_EVERY_MS) return
  outbox.prunedAt = now()
  for (const [id, at] of known) if (now() - at > KNOWN_FOR_MS) known.delete(id)
  const old = await bookings.fetch(oldSentMailsQuery, {
    before: iso(now() - SENT_RECORD_TTL_MS),
  })
  if (old.length === 0) return
  // Purged: a sent mail holds its traveller's address and words, and a plain delete would keep them in the lake's
  // history (docs/decisions/105-retention-and-erasure.md).
  await bookings.mutate(
    old.map(({_id}) => purgeMutation(_id)),
    {returnDocuments: false, visibility: 'async'},
  )
  // And this server's copy of each (the file transport's `.eml`), which would otherwise outlive the record and
  // still name the person (a privacy request's mails, with a corrected name and phone). Other servers' copies go
  // with the person's retention or erasure (anonymise-requests.ts).
  for (const {mail_id} of old) await outbox.transport.forget?.(mail_id).catch(outbox.onError)
}

/**
 * Sends claimed messages a few at a time, each few recorded together: after an outage the backlog drains in
 * seconds, with one lake request per few mails. When none of a few goes through (the mail server is down or
 * refusing), the rest are handed back, due when those are tried again.
 */
async function sendClaimed(outbox: OutboxState, mine: ClaimedMail[]) {
  const counts = {sent: 0, failed: 0}
  for (let start = 0; start < mine.length; start += PARALLEL_SENDS) {
    const batch = mine.slice(start, start + PARALLEL_SENDS)
    const outcomes = await Promise.all(batch.map((mail) => attempt(outbox, mail)))
    await record(outbox, outcomes)
    for (const {sent} of outcomes) {
      counts[sent ? 'sent' : 'failed']++
      outbox.totals[sent ? 'sent' : 'failed']++
    }
    if (outcomes.some(({sent}) => sent)) continue
    const rest = mine.slice(start + PARALLEL_SENDS)
    if (rest.length > 0) await release(outbox, rest, outcomes[0]!.record.set.next_attempt_at!)
    return {...counts, allSent: false}
  }
  return {...counts, allSent: true}
}

/**
 * One pass over the due messages (every one, or those about one document): what was left unrecorded first, then
 * the hourly pruning, the claims and the sends. `full` says the pass took as many as it
 * may, so another should follow at once.
 */
async function deliver(
  outbox: OutboxState,
  about: string | null,
): Promise<{counts: PassCounts; full: boolean}> {
  await recordUnrecorded(outbox)
  await pruneOldRecords(outbox)
  const due: ClaimedMail[] = await outbox.bookings.fetch(dueMailsQuery, {
    now: iso(outbox.now()),
    about,
    opensLinks: Boolean(outbox.openLink),
  })
  const mine = due.length > 0 ? await claim(outbox, due) : []
  const {sent, failed, allSent} = await sendClaimed(outbox, mine)
  const pending = await outbox.bookings.fetch(waitingMailsQuery, {about})
  return {counts: {sent, failed, pending}, full: allSent && due.length === PASS_SIZE}
}

export function createOutbox({
  server = `${process.pid}-${Math.random().toString(36).slice(2, 8)}`,
  now = Date.now,
  claimTimeoutMs = STALE_CLAIM_MS,
  onError = (error: unknown) => console.error('[outbox]', error),
  ...given
}: OutboxOptions): Outbox {
  const state: OutboxState = {
    ...given,
    server,
    now,
    claimTimeoutMs,
    onError,
    known: new Map(),
    unrecorded: new Map(),
    prunedAt: -Infinity,
    totals: {sent: 0, failed: 0},
  }
  let running: Promise<PassCounts> | null = null
  let again = false
  let timer: NodeJS.Timeout | undefined

  const outbox: Outbox = {
    queueMutation(id, message, about, options) {
      if (!isSafeMailId(id)) throw new Error(`Unsafe outbox id: ${id}`)
      const mail = outboxMailDocument(id, message, about, iso(now()), options?.withheld)
      // Created only if new, whichever server queues it first; queuing it again (the sweep) changes nothing.
      return {createIfNotExists: mail}
    },
    async enqueue(id, message, about) {
      if (state.known.has(id)) return
      await state.bookings.mutate([outbox.queueMutation(id, message, about)], SYNC)
      state.known.set(id, now())
      // Try at once; failures stay queued for a later pass.
      void outbox.flush().catch(onError)
    },
    flush() {
      // One pass at a time per server; calls during a pass ask for one more pass, so nothing queued meanwhile
      // waits for the timer. Other servers' passes are kept apart by the claim's revision check.
      if (running) {
        again = true
        return running
      }
      running = (async () => {
        let result
        do {
          again = false
          const pass = await deliver(state, null)
          if (pass.full) again = true
          result = pass.counts
        } while (again)
        return result
      })().finally(() => {
        running = null
      })
      return running
    },
    sendAbout: async (about) => (await deliver(state, about)).counts,
    sentSoFar: () => ({...state.totals}),
    start(intervalMs = 5_000) {
      if (timer) clearInterval(timer)
      timer = setInterval(() => void outbox.flush().catch(onError), intervalMs)
      timer.unref()
      void outbox.flush().catch(onError)
    },
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      // Its failures were already reported through onError.
      await running?.catch(() => {})
    },
  }
  return outbox
}
