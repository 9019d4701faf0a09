import {can, sameSecret} from '../auth/principals.ts'
import {
  DEVICE_COOKIE,
  DEVICE_DAYS,
  endSession,
  isKnownDevice,
  PendingSignIns,
  rememberDevice,
  STUDIO_ROLE,
  STUDIO_USER,
} from '../auth/studio-sign-in.ts'
import {LakeError} from '../store/types.ts'
import {handleDatasetsRoute} from './dataset-routes.ts'
import {decodeSegment, parseJsonBody, readBody, sendJson, type RequestContext} from './request-context.ts'

const LOCAL_EDITOR = {
  id: STUDIO_USER,
  name: 'Local editor',
  email: 'editor@localhost',
  profileImage: '',
  provider: 'local',
  role: STUDIO_ROLE,
  roles: [{name: STUDIO_ROLE, title: 'Editor'}],
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

const pendingSignIns = new PendingSignIns()

/** Only origins on this machine may call the lake from a browser: never a page on the internet. */
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

/**
 * Where a sign-in may return to: the studio this lake serves, on its own origin, exactly (http or https,
 * no other scheme, no other host or port), or an origin configured in LAKE_CORS_ORIGINS.
 */
function signInReturn(ctx: RequestContext): URL | undefined {
  let target: URL
  try {
    target = new URL(ctx.url.searchParams.get('origin') ?? '')
  } catch {
    return undefined
  }
  if (target.protocol !== 'https:' && target.protocol !== 'http:') return undefined
  return [ctx.publicOrigin, ...ctx.corsOrigins].includes(target.origin) ? target : undefined
}

function cookie(ctx: RequestContext, name: string): string | undefined {
  for (const part of String(ctx.req.headers.cookie ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=')
    if (key === name) return value.join('=')
  }
  return undefined
}

const signInPage = (message: string) =>
  `<!doctype html><html lang="en-GB"><meta charset="utf-8"><title>Sign in to the studio</title>` +
  `<h1>Sign in to the studio</h1><p>${message}</p></html>`

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
        // A signed-in user's studio settings: nothing for anonymous callers or unknown tokens.
        if (ctx.principal.role === null) throw new LakeError(401, 'unauthorized', 'Not logged in')
        if (method === 'PUT' || method === 'POST') {
          // The studio stores its settings as `[{key, value}]`; the lake keeps none and echoes them.
          const entries = parseJsonBody(await readBody(ctx, 64 * 1024))
          const valid =
            Array.isArray(entries) &&
            entries.length <= 100 &&
            entries.every((entry) => typeof entry === 'object' && entry !== null && typeof (entry as {key?: unknown}).key === 'string')
          if (!valid) throw new LakeError(400, 'validationError', 'Body must be an array of at most 100 {key, value} objects')
          sendJson(ctx, 200, (entries as {key: string; value?: unknown}[]).map(({key, value}) => ({key, value: value ?? null})))
        } else {
          const keys = decodeSegment(fourth ?? '').split(',').filter(Boolean)
          sendJson(ctx, 200, keys.map((key) => ({key, value: null})))
        }
        return true
      }
      if (second === 'me') {
        sendJson(ctx, 200, currentUser(ctx))
        return true
      }
      const ids = decodeSegment(second ?? '').split(',').filter(Boolean)
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
        const dataset = ctx.lake.dataset(fourth ?? '')
        // Grants the studio evaluates per document; the lake itself enforces the real rules. Anonymous
        // callers read documents at the root path only (`path("*")`), tokens every path (`path("**")`), and a
        // role not granted on a private dataset (an editor on `bookings`) nothing at all.
        if (!can(ctx.principal, 'read', dataset)) {
          sendJson(ctx, 200, [])
          return true
        }
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
    members: [{id: LOCAL_EDITOR.id, role: LOCAL_EDITOR.role, roles: LOCAL_EDITOR.roles, isCurrentUser: true, isRobot: false}],
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
      if (!ctx.config.autoLogin) throw new LakeError(403, 'forbidden', 'Studio sign-in is switched off (LAKE_AUTO_LOGIN=false)')
      const target = signInReturn(ctx)
      if (!target) throw new LakeError(400, 'validationError', 'Sign-in may only return to the studio this lake serves')
      const key = ctx.url.searchParams.get('key')
      const keyMatches = key !== null && sameSecret(key, ctx.secrets.studioSignInKey)
      if (!keyMatches && !isKnownDevice(ctx.lake.db, cookie(ctx, DEVICE_COOKIE))) {
        const message =
          key === null
            ? 'This studio opens for the person who started it: open the sign-in link that <code>npm start</code> printed (it is also in <code>DATA_DIR/urls.json</code>).'
            : 'That sign-in link is not valid for this studio. Open the link that <code>npm start</code> printed.'
        ctx.res.writeHead(403, {'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store'})
        ctx.res.end(signInPage(message))
        return true
      }
      const code = pendingSignIns.start()
      if (!code) throw new LakeError(429, 'tooManyRequests', 'Too many sign-ins are waiting; try again in a minute')
      target.hash = `sid=${code}`
      const headers: Record<string, string> = {location: target.toString(), 'cache-control': 'no-store', 'referrer-policy': 'no-referrer'}
      // The key proves who this is once; afterwards the browser is known by an HttpOnly cookie.
      if (keyMatches) {
        const secure = ctx.publicOrigin.startsWith('https:') ? '; Secure' : ''
        headers['set-cookie'] =
          `${DEVICE_COOKIE}=${rememberDevice(ctx.lake.db)}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_DAYS * 86_400}${secure}`
      }
      ctx.res.writeHead(302, headers)
      ctx.res.end()
      return true
    }
    case 'fetch': {
      const token = pendingSignIns.exchange(ctx.lake.db, ctx.url.searchParams.get('sid') ?? '')
      if (!token) throw new LakeError(401, 'unauthorized', 'Sign-in code is unknown or expired')
      sendJson(ctx, 200, {token})
      return true
    }
    case 'id':
      if (ctx.principal.role === null) throw new LakeError(401, 'unauthorized', 'Not logged in')
      sendJson(ctx, 200, {id: ctx.principal.userId, expiry: null})
      return true
    case 'logout': {
      endSession(ctx.lake.db, (ctx.req.headers.authorization ?? '').replace(/^bearer\s+/i, ''))
      sendJson(ctx, 200, {})
      return true
    }
    default:
      return false
  }
}
