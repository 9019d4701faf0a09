import {timingSafeEqual} from 'node:crypto'
import type {DatabaseSync} from 'node:sqlite'

import type {AclMode} from '../config.ts'
import type {Role} from './role.ts'
import type {LakeSecrets} from './secrets.ts'
import {sessionFor} from './studio-sign-in.ts'

export type {Role}

export interface Principal {
  userId: string
  name: string
  /** null: anonymous, sees published documents of public datasets only. */
  role: Role | null
  /**
   * The private datasets an editor's role is granted on (`LAKE_EDITOR_DATASETS`, none by default): an editor works
   * on every public dataset and on these, and on no other private one, as a custom role scoped to datasets does on
   * hosted Sanity (docs/decisions/175-editors-reach-no-bookings.md). Undefined for the other roles: every dataset.
   */
  privateDatasets?: ReadonlySet<string>
}

/** The part of a dataset that decides who may reach it. */
export interface DatasetAccess {
  name: string
  aclMode: AclMode
}

export const ANONYMOUS: Principal = {userId: '<anonymous>', name: 'Anonymous', role: null}

/** Compares secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Who a bearer token belongs to; `undefined` for a token the lake does not know. */
export function principalForToken(
  token: string,
  secrets: LakeSecrets,
  db: DatabaseSync,
  editorDatasets: readonly string[] = [],
): Principal | undefined {
  const scoped = (principal: Principal): Principal =>
    principal.role === 'editor' ? {...principal, privateDatasets: new Set(editorDatasets)} : principal
  if (sameSecret(token, secrets.rootToken)) return {userId: 'root', name: 'Root token', role: 'administrator'}
  if (sameSecret(token, secrets.editorToken)) return scoped({userId: 'robot-editor', name: 'Editor token', role: 'editor'})
  if (sameSecret(token, secrets.writeToken)) return {userId: 'robot-write', name: 'Write token', role: 'write'}
  if (sameSecret(token, secrets.readToken)) return {userId: 'robot-read', name: 'Read token', role: 'read'}
  const session = sessionFor(db, token)
  return session ? scoped({userId: session.userId, name: 'Local editor', role: session.role}) : undefined
}

export type Permission = 'read' | 'readDrafts' | 'write' | 'history'

/** Whether the principal's role is granted on the dataset at all (anonymous callers: see `can`). */
export function reaches(principal: Principal, dataset: DatasetAccess): boolean {
  if (principal.role === null || dataset.aclMode === 'public' || !principal.privateDatasets) return true
  return principal.privateDatasets.has(dataset.name)
}

export function can(principal: Principal, permission: Permission, dataset: DatasetAccess): boolean {
  if (principal.role === null) return permission === 'read' && dataset.aclMode === 'public'
  if (!reaches(principal, dataset)) return false
  if (permission === 'write') return principal.role !== 'read'
  return true
}
