import fs from 'node:fs/promises'
import path from 'node:path'

import type {SanityClient} from '@sanity/client'

import type {ProofPlace} from '@repo/schemas/staff-privacy.ts'
import type {AccessCopy} from '@repo/schemas/privacy-request-links.ts'

import {keptPages} from './kept-pages.ts'
import {partnerContactsOf} from './partner-contacts.ts'
import {
  CACHE_PLACES,
  DISK_PLACES,
  OUTBOX_TYPE,
  PERSON_DOCUMENT_TYPES,
  REQUEST_EMAIL_MATCH,
  REQUEST_TYPES,
} from './personal-data-map.ts'

/**
 * What is held about an address, read from every place the personal-data map lists: for the traveller's access
 * export (the records themselves) and for the erasure proof (how many hits each place still has, never the
 * values). Both go through the public APIs hosted Sanity has (GROQ, the history API), so the proof means the
 * same on hosted as on the local lake.
 */

export type SearchDeps = {
  bookings: SanityClient
  /** The public content dataset: searched too, in case an editor pasted a traveller's words into a page. */
  content?: SanityClient
  dataDir: string
}

const PAGE = 500

/** Every document of a dataset, a page at a time by id (raw: drafts and versions too). */
async function* allDocuments(client: SanityClient): AsyncGenerator<Record<string, unknown>> {
  let last = ''
  for (;;) {
    // Typed-query exception (docs/decisions/189): every document of a dataset, whatever its type, searched as data.
    const page = await client.fetch<Record<string, unknown>[]>(
      `*[_id > $last] | order(_id asc)[0...${PAGE}]`,
      {last},
      {perspective: 'raw'},
    )
    for (const doc of page) yield doc
    if (page.length < PAGE) return
    last = String(page[page.length - 1]?._id)
  }
}

const mentions = (text: string, marks: string[]) => {
  const lower = text.toLowerCase()
  return marks.some((mark) => lower.includes(mark))
}

const readDir = (dir: string) =>
  fs.readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })

/**
 * Searches every place for `marks` (the address, lower-cased, with the name and phone it came with): the bookings
 * and content datasets in every perspective (raw holds drafts and versions), the history of `historyIds` (the
 * requests the erasure touched: transactions and so earlier revisions), the outbox, the events log, sent-mail
 * files and backups.
 */
export type {ProofPlace}

export async function proveErased(
  deps: SearchDeps,
  marks: string[],
  historyIds: string[],
): Promise<ProofPlace[]> {
  const lowered = marks.map((mark) => mark.toLowerCase()).filter(Boolean)
  const places: ProofPlace[] = []
  for (const [place, client] of [
    ['Bookings dataset (raw, drafts and published)', deps.bookings],
    ['Content dataset', deps.content],
  ] as const) {
    if (!client) continue
    let searched = 0
    let found = 0
    let outbox = 0
    let outboxFound = 0
    for await (const doc of allDocuments(client)) {
      const hit = mentions(JSON.stringify(doc), lowered)
      if (doc._type === OUTBOX_TYPE) {
        outbox += 1
        if (hit) outboxFound += 1
      } else {
        searched += 1
        if (hit) found += 1
      }
    }
    places.push({place, searched, found})
    if (client === deps.bookings)
      places.push({place: 'Outbox and sent mail', searched: outbox, found: outboxFound})
  }
  let historyFound = 0
  for (const id of historyIds) {
    const log = await deps.bookings.request<string>({
      url: `/data/history/${deps.bookings.config().dataset}/transactions/${encodeURIComponent(id)}`,
      json: false,
    })
    if (mentions(String(log), lowered)) historyFound += 1
  }
  places.push({
    place: 'History (transactions and earlier revisions)',
    searched: historyIds.length,
    found: historyFound,
  })
  places.push(
    await searchFiles(
      deps.dataDir,
      '',
      DISK_PLACES.eventsLog,
      'Events log on this server',
      lowered,
    ),
  )
  places.push(
    await searchFiles(
      deps.dataDir,
      DISK_PLACES.mailFolder,
      /./,
      'Sent-mail files on this server',
      lowered,
    ),
  )
  places.push(
    await searchFiles(
      deps.dataDir,
      DISK_PLACES.backupsFolder,
      /\.ndjson$/,
      'Backups on this server',
      lowered,
    ),
  )
  // The rendered pages this server keeps: none is personal (server/edge/page-address.ts), which this confirms.
  places.push({
    place: CACHE_PLACES.keptPages,
    ...(keptPages()?.search(lowered) ?? {searched: 0, found: 0}),
  })
  return places
}

async function searchFiles(
  dataDir: string,
  folder: string,
  pattern: RegExp,
  place: string,
  marks: string[],
): Promise<ProofPlace> {
  const dir = path.join(dataDir, folder)
  let searched = 0
  let found = 0
  for (const name of await readDir(dir)) {
    if (!pattern.test(name)) continue
    const stat = await fs.stat(path.join(dir, name))
    if (!stat.isFile()) continue
    searched += 1
    if (mentions(await fs.readFile(path.join(dir, name), 'latin1'), marks)) found += 1
  }
  return {place, searched, found}
}

/** Everything held about an address, for the traveller's own copy. */
/** The shape is shared with the page that shows it (schemas/src/privacy-request-links.ts). */
export type AccessExport = AccessCopy

/**
 * A person's own documents (sign-ups) by address, for their copy (an erasure purges them by id:
 * staff/queries/address-document-ids-query.ts).
 */
// Typed-query exception (docs/decisions/189): whole documents of the personal-data map's types ($types), given as data.
const personDocumentsQuery = /* groq */ `*[_type in $types && lower(email) == $email]`
// Typed-query exception (docs/decisions/189): whole documents of the personal-data map's types ($types), given as data.
const accessRequestsQuery = /* groq */ `*[_type in $types && ${REQUEST_EMAIL_MATCH}] | order(created_at asc)`
// Typed-query exception (docs/decisions/189): the outbox's type is the map's ($outbox); the copy is given as data.
const accessMailsQuery = /* groq */ `*[_type == $outbox && (lower(to) == $email || lower(reply_to) == $email || about in $ids)] | order(queued_at asc){
  _id, to, subject, "text": coalesce(redacted.text, text), status, queued_at, sent_at, about
}`

/** The system fields a traveller has no use for (and the request's spam check hash). */
const INTERNAL = new Set(['_rev', '_updatedAt', '_createdAt', 'request_hash'])
const forTraveller = (doc: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(doc).filter(([key]) => !INTERNAL.has(key)))

export async function collectAccessExport(
  deps: SearchDeps,
  address: string,
): Promise<AccessExport> {
  const email = address.toLowerCase()
  // Typed-query exception (docs/decisions/189): whole documents of the map's types, copied as data.
  const requests = await deps.bookings.fetch<Record<string, unknown>[]>(
    accessRequestsQuery,
    {types: REQUEST_TYPES, email},
    {perspective: 'raw'},
  )
  const ids = requests.map((doc) => String(doc._id).replace(/^drafts\./, ''))
  // Typed-query exception (docs/decisions/189): the outbox's type is a parameter; the mails are copied as data.
  const mails = await deps.bookings.fetch<Record<string, unknown>[]>(
    accessMailsQuery,
    {outbox: OUTBOX_TYPE, email, ids},
    {perspective: 'raw'},
  )
  // Typed-query exception (docs/decisions/189): whole documents of the map's types, copied as data.
  const signups = await deps.bookings.fetch<Record<string, unknown>[]>(
    personDocumentsQuery,
    {types: [...PERSON_DOCUMENT_TYPES], email},
    {perspective: 'raw'},
  )
  // A reseller whose contact names the address: the person at the reseller (lib/partner-contacts.ts).
  requests.push(...(await partnerContactsOf(deps.bookings, email)))
  const events: Record<string, unknown>[] = []
  for (const name of await readDir(deps.dataDir)) {
    if (!DISK_PLACES.eventsLog.test(name)) continue
    for (const line of (await fs.readFile(path.join(deps.dataDir, name), 'utf8')).split('\n'))
      if (line && line.toLowerCase().includes(email))
        events.push(JSON.parse(line) as Record<string, unknown>)
  }
  return {
    address: email,
    requests: requests.map(forTraveller),
    signups: signups.map(forTraveller),
    // A mail's single-use links are blanked once it is sent (its redacted copy): the export never revives them.
    mails: mails.map(forTraveller),
    events,
  }
}
