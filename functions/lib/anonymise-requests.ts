import fs from 'node:fs/promises'
import path from 'node:path'

import type {Mutation, SanityClient} from '@sanity/client'

import {isConflict} from '@repo/schemas/lake-errors.ts'

import {
  anonymisedCopy,
  DISK_PLACES,
  emailOf,
  marksOf,
  OUTBOX_TYPE,
  placeOf,
  REQUEST_TYPES,
  mailFileOf,
  PRIVACY_MAIL_FILE_PREFIX,
  PRIVACY_REQUEST_ID_PREFIX,
} from './personal-data-map.ts'
import {bookingCacheTag, keptPages} from './kept-pages.ts'
import {addressHash, namesHashedAddress} from './address-hash.ts'
import {purgeMutation} from './purge.ts'
import {mailsToQuery} from './queries/mails-to-query.ts'
import {outboxIdsQuery} from './queries/outbox-ids-query.ts'

/**
 * Removes a person from the requests named, everywhere the personal-data map lists: each request is deleted with
 * `purge: true` (its history and earlier revisions go with it, the one way hosted Sanity offers) and written anew,
 * under the same id, with only what the business keeps; the outbox's mails about it or to the address are purged;
 * the events log, sent-mail files and the product's backups on disk lose every line that names the person.
 */

export type AnonymiseDeps = {
  bookings: SanityClient
  dataDir: string
  /** What addresses are hashed with (the request links' secret, which every site server holds). */
  secret: string
  now: () => Date
}

type RequestDoc = Record<string, unknown> & {_id: string; _type: string; _rev?: string}

/** What one run removed, counted by place: the report keeps these, never the values. */
export type AnonymisedCounts = {
  requests: {type: string; ref: string | null}[]
  outboxMails: number
  eventLines: number
  mailFiles: number
  backupLines: number
  /** Records that were only the person, purged whole (spent privacy requests, past waitlist places, sign-ups). */
  purgedRecords: number
}

export const emptyCounts = (): AnonymisedCounts => ({
  requests: [],
  outboxMails: 0,
  eventLines: 0,
  mailFiles: 0,
  backupLines: 0,
  purgedRecords: 0,
})

const publishedIdOf = (id: string) => id.replace(/^drafts\./, '')

// Typed-query exception (docs/decisions/189): whole documents of the personal-data map's request types ($types).
const requestDocsQuery = /* groq */ `*[_type in $types && _id in $ids && !defined(anonymised_at)]`

/**
 * Anonymises the requests `ids` (published ids; their drafts go too) in the lake, then on this server's disk, with
 * what belongs to the records already purged whole (`purged`). An erasure names the person's addresses (`erasing`):
 * everything naming them goes too. A request changed by someone meanwhile is left for the next run (its revision is
 * checked in the same transaction). Returns what was removed, and the scrub the other site servers repeat on their
 * own disks.
 */
export async function anonymiseRequests(
  deps: AnonymiseDeps,
  ids: string[],
  {erasing: erasingEmails = [], purged = []}: {erasing?: string[]; purged?: string[]} = {},
): Promise<{counts: AnonymisedCounts; scrub: DiskScrub}> {
  const counts = emptyCounts()
  const allIds = ids.flatMap((id) => [id, `drafts.${id}`])
  const docs =
    allIds.length > 0
      ? // Typed-query exception (docs/decisions/189): the map's request types are a parameter ($types).
        await deps.bookings.fetch<RequestDoc[]>(
          requestDocsQuery,
          {types: REQUEST_TYPES, ids: allIds},
          {perspective: 'raw'},
        )
      : []
  const at = deps.now().toISOString()
  const byId = new Map<string, RequestDoc[]>()
  for (const doc of docs) {
    const id = publishedIdOf(doc._id)
    byId.set(id, [...(byId.get(id) ?? []), doc])
  }
  const erasing = erasingEmails.map((email) => email.toLowerCase())
  const marks = new Set(erasing)
  const addresses = new Set(erasing)
  const anonymised: string[] = []
  for (const [id, versions] of byId) {
    const published = versions.find((doc) => doc._id === id)
    const base = published ?? (versions[0] as RequestDoc)
    const emails = versions
      .map(emailOf)
      .filter((email): email is string => typeof email === 'string')
      .map((email) => email.toLowerCase())
    const copy = anonymisedCopy({...base, _id: id}, at)
    const outboxIds = await deps.bookings.fetch(
      outboxIdsQuery,
      // By address only for an erasure: the retention job leaves the mails of the person's other, newer requests.
      {ids: [id, `drafts.${id}`], emails: erasing},
      {perspective: 'raw'},
    )
    const mutations: Mutation[] = [
      // Fails the transaction when the request changed since it was read: nothing is lost, the next run retries.
      ...versions.map(
        (doc) => ({patch: {id: doc._id, ifRevisionID: doc._rev, set: {}}}) as unknown as Mutation,
      ),
      ...[id, `drafts.${id}`, ...outboxIds].map(purgeMutation),
      {create: copy} as Mutation,
    ]
    try {
      await deps.bookings.mutate(mutations, {visibility: 'sync'})
    } catch (error) {
      if (isConflict(error)) continue
      throw error
    }
    anonymised.push(id)
    for (const mark of marksOf(versions, emails[0] ?? '')) if (mark) marks.add(mark)
    for (const email of emails) addresses.add(email)
    const ref = base.booking_ref ?? base.request_ref ?? base.supplier_reference
    counts.requests.push({type: base._type, ref: typeof ref === 'string' ? ref : null})
    counts.outboxMails += outboxIds.length
  }
  marks.delete('')
  // For an erasure, the mails to the address about nothing anonymised here (a privacy request's confirmation).
  if (erasing.length > 0) {
    const rest = await deps.bookings.fetch(
      outboxIdsQuery,
      {ids: [], emails: erasing},
      {perspective: 'raw'},
    )
    if (rest.length > 0) {
      await deps.bookings.mutate(rest.map(purgeMutation), {visibility: 'sync'})
      counts.outboxMails += rest.length
    }
  }
  // The mails of the person's requests about their information (a correction's confirmation, and its "done" mail
  // with the corrected name and phone): the address and the details go with the request retention has passed,
  // as the request's own mails do. (An erasure purged them above, by address.)
  const privacyMailIds: string[] = []
  if (erasing.length === 0 && addresses.size > 0) {
    const privacyMails = (
      await deps.bookings.fetch(mailsToQuery, {emails: [...addresses]}, {perspective: 'raw'})
    ).filter((mail) => mail.about?.startsWith(PRIVACY_REQUEST_ID_PREFIX))
    if (privacyMails.length > 0) {
      await deps.bookings.mutate(
        privacyMails.map((mail) => purgeMutation(mail._id)),
        {visibility: 'sync'},
      )
      counts.outboxMails += privacyMails.length
      privacyMailIds.push(...privacyMails.map((mail) => mail.mail_id))
    }
  }
  const scrub: DiskScrub = {
    anonymised_ids: anonymised,
    purged_ids: purged,
    ...(privacyMailIds.length > 0 ? {mail_ids: privacyMailIds} : {}),
    address_hashes: [...addresses].map((email) => addressHash(deps.secret, email)),
    by_address: erasing.length > 0,
    at,
  }
  if (anonymised.length > 0 || marks.size > 0 || purged.length > 0 || privacyMailIds.length > 0) {
    const disk = await scrubDisk(deps.dataDir, scrub, {marks: [...marks], secret: deps.secret})
    counts.eventLines += disk.eventLines
    counts.mailFiles += disk.mailFiles
    counts.backupLines += disk.backupLines
  }
  // The rendered pages kept of the person: none should be (a personal page is never cached: server/edge/
  // page-address.ts), so on this server this only confirms it; the shared cache drops any page tagged with a request.
  if (anonymised.length > 0 || marks.size > 0)
    await keptPages()?.forget([...marks], anonymised.map(bookingCacheTag))
  counts.purgedRecords = purged.length
  return {counts, scrub}
}

const readDir = (dir: string) =>
  fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })

/** Replaced whole (a temporary file renamed over it), so a reader never sees half a file. */
async function rewrite(file: string, text: string) {
  await fs.writeFile(`${file}.tmp`, text, {mode: 0o600})
  await fs.rename(`${file}.tmp`, file)
}

/**
 * What a site server removes from its own disk for one anonymisation or erasure: kept on the run's report, so every
 * other site server (each with its own DATA_DIR) does the same on its next catch-up (apply-retention/disk-catch-up.ts).
 * Ids and keyed hashes only: the report never holds the person.
 */
export type DiskScrub = {
  /** Requests anonymised: their backup lines become the anonymised copy; their sent-mail files go. */
  anonymised_ids: string[]
  /** Documents purged whole (spent privacy requests, past waitlist places, an erased person's sign-ups). */
  purged_ids: string[]
  /** Mails purged on their own (the privacy requests' mails of a person whose request was anonymised): their files go. */
  mail_ids?: string[]
  /** The person's addresses, keyed (lib/address-hash.ts): an events-log line naming one goes. */
  address_hashes: string[]
  /** An erasure: every sent-mail file and backup line naming the person goes too, not only the requests'. */
  by_address: boolean
  /** When it was anonymised: the anonymised copies carry it. */
  at: string
}

/**
 * How this server recognises the person besides the scrub's ids: lower-cased `marks` (name, phone, address), known only
 * to the server that read the requests, and the `secret` the scrub's address hashes are keyed with.
 */
export type LocalMarks = {marks: string[]; secret: string}

/**
 * The disk places of the personal-data map, without the person: lines dropped, mail files removed. The events log
 * loses every line naming them; sent-mail files and backups lose, for the retention job, what belongs to the
 * anonymised requests, and for an erasure (`by_address`) also everything else naming the person, so the backup of a
 * newer request of the same traveller survives the retention of an old one. A line "names" the person when it holds
 * one of `marks` or an address whose keyed hash the scrub lists.
 */
export async function scrubDisk(
  dataDir: string,
  scrub: DiskScrub,
  {marks, secret}: LocalMarks,
): Promise<{eventLines: number; mailFiles: number; backupLines: number}> {
  const hashes = new Set(scrub.address_hashes)
  const names = (text: string) => {
    const lower = text.toLowerCase()
    return marks.some((mark) => lower.includes(mark)) || namesHashedAddress(text, hashes, secret)
  }
  const anonymised = new Set(scrub.anonymised_ids)
  const ids = [...scrub.anonymised_ids, ...scrub.purged_ids]
  const result = {eventLines: 0, mailFiles: 0, backupLines: 0}
  for (const name of await readDir(dataDir)) {
    if (!DISK_PLACES.eventsLog.test(name)) continue
    const file = path.join(dataDir, name)
    const lines = (await fs.readFile(file, 'utf8')).split('\n')
    const kept = lines.filter((line) => !names(line) && !ids.some((id) => line.includes(id)))
    if (kept.length === lines.length) continue
    result.eventLines += lines.length - kept.length
    await rewrite(file, kept.join('\n'))
  }
  const mailDir = path.join(dataDir, DISK_PLACES.mailFolder)
  for (const name of await readDir(mailDir)) {
    const file = path.join(mailDir, name)
    const ofRequest = mailFileOf(name, ids, scrub.mail_ids ?? [])
    // A privacy request's mail names the person without naming their request: it goes when it names them.
    const byContent = scrub.by_address || name.startsWith(PRIVACY_MAIL_FILE_PREFIX)
    if (!ofRequest && !(byContent && names(await fs.readFile(file, 'latin1')))) continue
    await fs.rm(file, {force: true})
    result.mailFiles += 1
  }
  const backupDir = path.join(dataDir, DISK_PLACES.backupsFolder)
  for (const name of await readDir(backupDir)) {
    if (!name.endsWith('.ndjson')) continue
    const file = path.join(backupDir, name)
    const lines = (await fs.readFile(file, 'utf8')).split('\n')
    let changed = 0
    const kept: string[] = []
    for (const line of lines) {
      const doc = parseLine(line)
      const id = doc && typeof doc._id === 'string' ? publishedIdOf(doc._id) : null
      if (id && scrub.purged_ids.includes(id)) changed += 1
      else if (id && anonymised.has(id) && doc?._id === id && placeOf(String(doc._type))) {
        // The backup's own version, anonymised as the lake's was: a restore brings back the trip, not the person.
        kept.push(JSON.stringify(anonymisedCopy({...(doc as RequestDoc), _id: id}, scrub.at)))
        changed += 1
      } else if (
        (id && anonymised.has(id)) ||
        (scrub.by_address && names(line)) ||
        (doc?._type === OUTBOX_TYPE && ids.includes(String(doc.about))) ||
        (doc?._type === OUTBOX_TYPE &&
          String(doc.about).startsWith(PRIVACY_REQUEST_ID_PREFIX) &&
          names(line))
      )
        changed += 1
      else kept.push(line)
    }
    if (changed === 0) continue
    result.backupLines += changed
    await rewrite(file, kept.join('\n'))
  }
  return result
}

function parseLine(line: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(line)
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null
  } catch {
    return null
  }
}
