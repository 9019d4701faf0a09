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
): Principal | undefined {
  if (sameSecret(token, secrets.rootToken)) return {userId: 'root', name: 'Root token', role: 'administrator'}
  if (sameSecret(token, secrets.editorToken)) return {userId: 'robot-editor', name: 'Editor token', role: 'editor'}
  if (sameSecret(token, secrets.writeToken)) return {userId: 'robot-write', name: 'Write token', role: 'write'}
  if (sameSecret(token, secrets.readToken)) return {userId: 'robot-read', name: 'Read token', role: 'read'}
  const session = sessionFor(db, token)
  return session ? {userId: session.userId, name: 'Local editor', role: session.role} : undefined
}

export type Permission = 'read' | 'readDrafts' | 'write' | 'history'

export function can(principal: Principal, permission: Permission, aclMode: AclMode): boolean {
  if (principal.role === null) return permission === 'read' && aclMode === 'public'
  if (permission === 'write') return principal.role !== 'read'
  return true
}
