import {randomBytes} from 'node:crypto'

import {LakeError} from '../store/types.ts'
import {handleDatasetsRoute} from './dataset-routes.ts'
import {readBody, sendJson, type RequestContext} from './request-context.ts'

const LOCAL_EDITOR = {
  id: 'local-editor',
  name: 'Local editor',
  email: 'editor@localhost',
  profileImage: '',
  provider: 'local',
  role: 'administrator',
  roles: [{name: 'administrator', title: 'Administrator'}],
  attributes: [],
}

function currentUser(ctx: RequestContext) {
  const {principal} = ctx
  if (principal.role === null) return {}
  const role = principal.role === 'read' ? 'viewer' : principal.role
  return {
    ...LOCAL_EDITOR,
    id: principal.userId,
    name: principal.name,
    role,
    roles: [{name: role, title: role[0]!.toUpperCase() + role.slice(1)}],
  }
}

/** Login codes waiting to be exchanged for a session token (`#sid=` → `/auth/fetch`). */
const pendingLogins = new Map<string, {token: string; expires: number}>()

/** Only origins on this machine may receive a local session: never a page on the internet. */
function isLoopbackOrigin(origin: string): boolean {
  try {
    const {hostname} = new URL(origin)
    return hostname === 'localhost' || hostname.endsWith('.localhost') || hostname === '127.0.0.1' || hostname === '[::1]'
  } catch {
    return false
  }
}

export function isAllowedOrigin(origin: string, extra: string[]): boolean {
  return isLoopbackOrigin(origin) || extra.includes(origin)
}

export async function handleProjectRoute(ctx: RequestContext, parts: string[]): Promise<boolean> {
  const [head, second, third, fourth, fifth] = parts
  const {method} = ctx
  const {projectId} = ctx.config

  switch (head) {
    case 'ping':
      sendJson(ctx, 200, {pong: true}, {'x-sanity-shard': 'local'})
      return true
    case 'check':
      if (second === 'cors') sendJson(ctx, 200, {result: {allowed: true, withCredentials: true}})
      else return false
      return true
    case 'features':
      // The lake has private datasets; the CLI offers `--visibility private` only when this says so.
      sendJson(ctx, 200, ['privateDataset'])
      return true
    case 'help':
      sendJson(ctx, 200, {})
      return true
    case 'journey':
      sendJson(ctx, 200, null)
      return true
    case 'intake':
      sendJson(ctx, 200, second === 'telemetry-status' ? {status: 'denied'} : {})
      return true
    case 'users': {
      if (second === 'me' && third === 'keyvalue') {
        if (method === 'PUT' || method === 'POST') {
          const body = await readBody(ctx, 1024 * 1024)
          sendJson(ctx, 200, JSON.parse(body.toString('utf8') || '[]'))
        } else {
          const keys = decodeURIComponent(fourth ?? '').split(',').filter(Boolean)
          sendJson(ctx, 200, keys.map((key) => ({key, value: null})))
        }
        return true
      }
      if (second === 'me') {
        sendJson(ctx, 200, currentUser(ctx))
        return true
      }
      const ids = decodeURIComponent(second ?? '').split(',').filter(Boolean)
      sendJson(
        ctx,
        200,
        ids.map((id) => ({id, displayName: id === ctx.principal.userId ? ctx.principal.name : id, imageUrl: null})),
      )
      return true
    }
    case 'auth':
      return handleAuth(ctx, second)
    case 'datasets':
      await handleDatasetsRoute(ctx, second, parts.slice(2))
      return true
    case 'projects': {
      if (second !== projectId) throw new LakeError(404, 'notFound', `Project "${second}" not found`)
      if (third === undefined) {
        sendJson(ctx, 200, project(ctx))
        return true
      }
      if (third === 'datasets' && fifth === 'acl') {
        ctx.lake.dataset(fourth ?? '')
        // Grants the studio evaluates per document; the lake itself enforces the real rules. Anonymous
        // callers read documents at the root path only (`path("*")`), tokens every path (`path("**")`).
        const permissions =
          ctx.principal.role === null
            ? ['read']
            : ctx.principal.role === 'read'
              ? ['read', 'history']
              : ['read', 'create', 'update', 'history', 'editHistory']
        const filter = ctx.principal.role === null ? '_id in path("*")' : '_id in path("**")'
        sendJson(ctx, 200, [{filter, permissions}])
        return true
      }
      if (third === 'datasets') {
        await handleDatasetsRoute(ctx, fourth, parts.slice(4))
        return true
      }
      if (third === 'grants') {
        sendJson(ctx, 200, {})
        return true
      }
      if (third === 'user-applications') {
        sendJson(ctx, 200, [])
        return true
      }
      return false
    }
    default:
      return false
  }
}

function project(ctx: RequestContext) {
  return {
    id: ctx.config.projectId,
    displayName: 'Cape Town Experiences (local lake)',
    studioHost: null,
    isBlocked: false,
    isDisabled: false,
    isDisabledByUser: false,
    metadata: {},
    maxRetentionDays: 3650,
    activityFeedEnabled: false,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    organizationId: null,
    organization: null,
    members: [{id: LOCAL_EDITOR.id, role: 'administrator', roles: LOCAL_EDITOR.roles, isCurrentUser: true, isRobot: false}],
    features: [],
    pendingInvites: 0,
  }
}

function handleAuth(ctx: RequestContext, action: string | undefined): boolean {
  switch (action) {
    case 'providers':
      sendJson(ctx, 200, {
        providers: ctx.config.autoLogin
          ? [{name: 'lake', title: 'Local lake', url: `${ctx.publicOrigin}/v1/auth/login/lake`}]
          : [],
        thirdPartyLogin: false,
      })
      return true
    case 'login': {
      const origin = ctx.url.searchParams.get('origin') ?? ''
      if (!ctx.config.autoLogin) throw new LakeError(403, 'forbidden', 'Automatic local login is switched off (LAKE_AUTO_LOGIN=false)')
      if (!isLoopbackOrigin(origin)) throw new LakeError(400, 'validationError', 'Login may only return to a page on this machine')
      const token = `sksession${randomBytes(32).toString('base64url')}`
      ctx.lake.db
        .prepare('INSERT INTO sessions (token, user_id, role, created_at) VALUES (?, ?, ?, ?)')
        .run(token, LOCAL_EDITOR.id, 'administrator', new Date().toISOString())
      const sid = randomBytes(24).toString('base64url')
      pendingLogins.set(sid, {token, expires: Date.now() + 60_000})
      const target = new URL(origin)
      target.hash = `sid=${sid}`
      ctx.res.writeHead(302, {location: target.toString()})
      ctx.res.end()
      return true
    }
    case 'fetch': {
      const sid = ctx.url.searchParams.get('sid') ?? ''
      const login = pendingLogins.get(sid)
      pendingLogins.delete(sid)
      if (!login || login.expires < Date.now()) throw new LakeError(401, 'unauthorized', 'Login code is unknown or expired')
      sendJson(ctx, 200, {token: login.token})
      return true
    }
    case 'id':
      if (ctx.principal.role === null) throw new LakeError(401, 'unauthorized', 'Not logged in')
      sendJson(ctx, 200, {id: ctx.principal.userId, expiry: null})
      return true
    case 'logout': {
      const header = ctx.req.headers.authorization ?? ''
      const token = header.replace(/^bearer\s+/i, '')
      if (token.startsWith('sksession')) ctx.lake.db.prepare('DELETE FROM sessions WHERE token = ?').run(token)
      sendJson(ctx, 200, {})
      return true
    }
    default:
      return false
  }
}
