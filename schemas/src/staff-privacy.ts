import type {PrivacyRequestKind} from './privacy-request-kinds.ts'
import type {RetentionPeriods} from './retention-periods.ts'

/** The managers' privacy screen (`GET /api/staff/privacy`, functions/staff/privacy.ts). */

/** One place the erasure proof searched, and how many records there still name the address. */
export type ProofPlace = {place: string; searched: number; found: number}

/** What the retention job or an erasure removed: references and counts, never the personal details. */
export type PrivacyReportEntry = {
  _id: string
  at: string
  trigger: 'retention' | 'erasure'
  by?: string | null
  requests?: {_key: string; type: string; ref: string | null}[] | null
  outboxMails?: number | null
  eventLines?: number | null
  mailFiles?: number | null
  backupLines?: number | null
  purgedRecords?: number | null
  /** How many site servers have removed it from their own disks (each has its own data folder). */
  serversCleared?: number | null
  proof?: ProofPlace[] | null
}

/** A traveller's confirmed request, waiting for a manager. */
export type PendingPrivacyRequest = {
  _id: string
  kind: PrivacyRequestKind
  email: string
  correction?: string | null
  confirmed_at: string
}

export type PrivacyOverview = {
  periods: RetentionPeriods
  reports: PrivacyReportEntry[]
  requests: PendingPrivacyRequest[]
}

export type AddressSearchResult = {places: ProofPlace[]; found: number}
