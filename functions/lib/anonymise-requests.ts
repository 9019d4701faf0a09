import fs from 'node:fs/promises'
import path from 'node:path'

import type {Mutation, SanityClient} from '@sanity/client'

import {isConflict} from '@repo/schemas/lake-errors.ts'

import {
  anonymisedCopy,
  DISK_PLACES,
  marksOf,
  OUTBOX_TYPE,
  REQUEST_TYPES,
} from './personal-data-map.ts'
import {purgeMutation} from './purge.ts'

/**
 * Removes a person from the requests named, everywhere the personal-data map lists: each request is deleted with
 * `purge: true` (its history and earlier revisions go with it, the one way hosted Sanity offers) and written anew,
 * under the same id, with only what the business keeps; the outbox's mails about it or to the address are purged;
 * the events log, sent-mail files and the product's backups on disk lose every line that names the person.
 */

export type AnonymiseDeps = {bookings: SanityClient; dataDir: string; now: () => Date}

type RequestDoc = Record<string, unknown> & {_id: string; _type: string; _rev?: string}

/** What one run removed, counted by place: the report keeps these, never the values. */
export type AnonymisedCounts = {
  requests: {type: string; ref: string | null}[]
  outboxMails: number
  eventLines: number
  mailFiles: number
  backupLines: number
}

export const emptyCounts = (): AnonymisedCounts => ({
  requests: [],
  outboxMails: 0,
  eventLines: 0,
  mailFiles: 0,
  backupLines: 0,
})

const publishedIdOf = (id: string) => id.replace(/^drafts\./, '')

const requestDocsQuery = /* groq */ `*[_type in $types && _id in $ids && !defined(anonymised_at)]`

const outboxIdsQuery = /* groq */ `*[_type == $outbox && (
  about in $ids || lower(to) in $emails || lower(reply_to) in $emails
)]._id`

/**
 * Anonymises the requests `ids` (published ids; their drafts go too) in the lake, then on disk. A request changed
 * by someone meanwhile is left for the next run (its revision is checked in the same transaction).
 */
export async function anonymiseRequests(
  deps: AnonymiseDeps,
  ids: string[],
  extraEmails: string[] = [],
): Promise<AnonymisedCounts> {
  const counts = emptyCounts()
  const allIds = ids.flatMap((id) => [id, `drafts.${id}`])
  const docs = await deps.bookings.fetch<RequestDoc[]>(
    requestDocsQuery,
    {types: REQUEST_TYPES, ids: allIds},
    {perspective: 'raw'},
  )
  const at = deps.now().toISOString()
  const byId = new Map<string, RequestDoc[]>()
  for (const doc of docs) {
    const id = publishedIdOf(doc._id)
    byId.set(id, [...(byId.get(id) ?? []), doc])
  }
  const erasing = extraEmails.map((email) => email.toLowerCase())
  const marks = new Set(erasing)
  const anonymised = new Map<string, Record<string, unknown>>()
  for (const [id, versions] of byId) {
    const published = versions.find((doc) => doc._id === id)
    const base = published ?? (versions[0] as RequestDoc)
    const emails = versions
      .map((doc) => doc.email)
      .filter((email): email is string => typeof email === 'string')
      .map((email) => email.toLowerCase())
    const copy = anonymisedCopy({...base, _id: id}, at)
    const outboxIds = await deps.bookings.fetch<string[]>(
      outboxIdsQuery,
      // By address only for an erasure: the retention job leaves the mails of the person's other, newer requests.
      {outbox: OUTBOX_TYPE, ids: [id, `drafts.${id}`], emails: erasing},
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
    anonymised.set(id, copy)
    for (const mark of marksOf(versions, emails[0] ?? '')) if (mark) marks.add(mark)
    const ref = base.booking_ref ?? base.request_ref
    counts.requests.push({type: base._type, ref: typeof ref === 'string' ? ref : null})
    counts.outboxMails += outboxIds.length
  }
  marks.delete('')
  // For an erasure, the mails to the address about nothing anonymised here (a privacy request's confirmation).
  if (erasing.length > 0) {
    const rest = await deps.bookings.fetch<string[]>(
      outboxIdsQuery,
      {outbox: OUTBOX_TYPE, ids: [], emails: erasing},
      {perspective: 'raw'},
    )
    if (rest.length > 0) {
      await deps.bookings.mutate(rest.map(purgeMutation), {visibility: 'sync'})
      counts.outboxMails += rest.length
    }
  }
  if (anonymised.size > 0 || marks.size > 0) {
    const disk = await scrubDisk(deps.dataDir, [...marks], anonymised, erasing.length > 0)
    counts.eventLines += disk.eventLines
    counts.mailFiles += disk.mailFiles
    counts.backupLines += disk.backupLines
  }
  return counts
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

const names = (text: string, marks: string[]) => {
  const lower = text.toLowerCase()
  return marks.some((mark) => lower.includes(mark))
}

/**
 * The disk places of the personal-data map, without the person: lines dropped, mail files removed. The events log
 * loses every line naming them; sent-mail files and backups lose, for the retention job, what belongs to the
 * anonymised requests, and for an erasure (`byAddress`) also everything else naming the person, so the backup of a
 * newer request of the same traveller survives the retention of an old one. `purged`: documents deleted whole
 * (spent privacy requests, past waitlist places), whose backup lines and mail files go with them.
 */
export async function scrubDisk(
  dataDir: string,
  marks: string[],
  anonymised: Map<string, Record<string, unknown>>,
  byAddress: boolean,
  purged: readonly string[] = [],
): Promise<{eventLines: number; mailFiles: number; backupLines: number}> {
  const ids = [...anonymised.keys(), ...purged]
  const result = {eventLines: 0, mailFiles: 0, backupLines: 0}
  for (const name of await readDir(dataDir)) {
    if (!DISK_PLACES.eventsLog.test(name)) continue
    const file = path.join(dataDir, name)
    const lines = (await fs.readFile(file, 'utf8')).split('\n')
    const kept = lines.filter((line) => !names(line, marks) && !ids.some((id) => line.includes(id)))
    if (kept.length === lines.length) continue
    result.eventLines += lines.length - kept.length
    await rewrite(file, kept.join('\n'))
  }
  const mailDir = path.join(dataDir, DISK_PLACES.mailFolder)
  for (const name of await readDir(mailDir)) {
    const file = path.join(mailDir, name)
    const ofRequest = ids.some((id) => name.startsWith(`${id}-`))
    if (!ofRequest && !(byAddress && names(await fs.readFile(file, 'latin1'), marks))) continue
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
      const copy = id ? anonymised.get(id) : undefined
      if (id && purged.includes(id)) changed += 1
      else if (copy && doc?._id === id) {
        kept.push(JSON.stringify(copy))
        changed += 1
      } else if (
        copy ||
        (byAddress && names(line, marks)) ||
        (doc?._type === OUTBOX_TYPE && ids.includes(String(doc.about)))
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
