import path from 'node:path'

import {DEFAULT_MAX_QUERY_COST} from './query/run-query.ts'

/** Datasets and who may read them, as Sanity's dataset ACL modes. */
export type AclMode = 'public' | 'private'

export interface LakeConfig {
  dataDir: string
  host: string
  port: number
  tlsPort: number
  projectId: string
  datasets: Record<string, AclMode>
  /** Full access to every dataset. Generated and kept in `dataDir` when not configured. */
  rootToken?: string
  /** Optional fixed tokens per role; generated defaults otherwise (see secrets.ts). */
  readToken?: string
  writeToken?: string
  editorToken?: string
  /**
   * Private datasets the editor role (the editor token and studio sign-ins) is granted on; it works on every public
   * dataset and on no other private one (LAKE_EDITOR_DATASETS, none by default: editors never reach `bookings`).
   */
  editorDatasets: string[]
  /** Whether the studio's sign-in (the link `npm start` prints, see auth/studio-sign-in.ts) is on. */
  autoLogin: boolean
  /** Largest request body accepted for JSON endpoints and for asset uploads. */
  maxJsonBytes: number
  maxAssetBytes: number
  /** Most bytes of rendered image variants kept on disk (LAKE_IMAGE_CACHE_MB, 256 MB). */
  imageCacheBytes: number
  /** Wall-clock limit of one GROQ query, queueing included, and its cost limit (see run-query.ts). */
  queryTimeoutMs: number
  maxQueryCost: number
  /** Deadline of an anonymous caller's GROQ (LAKE_ANONYMOUS_QUERY_TIMEOUT_MS, 2 s): docs/decisions/030. */
  anonymousQueryTimeoutMs: number
  /** Largest serialised query result (LAKE_MAX_RESULT_MB, 16 MB); larger is a 400 (docs/decisions/030). */
  maxQueryResultBytes: number
  /** Built studio to serve at `/studio`, if any. */
  studioDir?: string
  /** A `sanity.blueprint.ts` whose document functions the lake runs on its events (functions/document-functions.ts). */
  blueprint?: string
  /** The first retry's delay of a function that failed (LAKE_FUNCTION_RETRY_MS, 1 s); doubled for each further one. */
  functionRetryMs: number
}

function integer(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) {
    throw new Error(`${name} must be a whole number from 0 to 65535, got "${value}"`)
  }
  return parsed
}

function positive(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isSafeInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive whole number, got "${value}"`)
  return parsed
}

/**
 * Hosted Sanity cancels long queries but documents no figure we could find; a minute keeps every
 * reasonable query working while a runaway one ends.
 */
export const DEFAULT_QUERY_TIMEOUT_MS = 60_000

/** Anonymous readers run the site's published queries, each a few milliseconds: see docs/decisions/030. */
export const DEFAULT_ANONYMOUS_QUERY_TIMEOUT_MS = 2_000
export const DEFAULT_MAX_QUERY_RESULT_BYTES = 16 * 1024 * 1024

/** Browser origins allowed besides this machine's own (LAKE_CORS_ORIGINS, comma-separated). */
export function corsOriginsFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.LAKE_CORS_ORIGINS ?? '').split(',').filter(Boolean)
}

/** Reads the lake's configuration from environment variables, with safe local defaults. */
export function lakeConfigFromEnv(env: NodeJS.ProcessEnv = process.env): LakeConfig {
  const datasets: Record<string, AclMode> = {production: 'public', bookings: 'private'}
  for (const entry of (env.LAKE_DATASETS ?? '').split(',').filter(Boolean)) {
    const [name, mode = 'private'] = entry.split(':')
    if (!name || !/^[a-z0-9][a-z0-9_-]{0,63}$/.test(name) || (mode !== 'public' && mode !== 'private')) {
      throw new Error(`LAKE_DATASETS entry "${entry}" must look like name:public or name:private`)
    }
    datasets[name] = mode
  }
  return {
    dataDir: path.resolve(env.DATA_DIR ?? '.data'),
    host: env.LAKE_HOST ?? '127.0.0.1',
    port: integer(env.LAKE_PORT, 3333, 'LAKE_PORT'),
    tlsPort: integer(env.LAKE_TLS_PORT, 3334, 'LAKE_TLS_PORT'),
    projectId: env.LAKE_PROJECT_ID ?? 'local',
    datasets,
    rootToken: env.LAKE_ROOT_TOKEN || undefined,
    readToken: env.LAKE_READ_TOKEN || undefined,
    writeToken: env.LAKE_WRITE_TOKEN || undefined,
    editorToken: env.LAKE_EDITOR_TOKEN || undefined,
    editorDatasets: (env.LAKE_EDITOR_DATASETS ?? '').split(',').map((name) => name.trim()).filter(Boolean),
    autoLogin: env.LAKE_AUTO_LOGIN !== 'false',
    // Hosted's limit and message: "Request body exceeds limit of 4000000 bytes".
    maxJsonBytes: 4_000_000,
    maxAssetBytes: 64 * 1024 * 1024,
    imageCacheBytes: integer(env.LAKE_IMAGE_CACHE_MB, 256, 'LAKE_IMAGE_CACHE_MB') * 1024 * 1024,
    queryTimeoutMs: positive(env.LAKE_QUERY_TIMEOUT_MS, DEFAULT_QUERY_TIMEOUT_MS, 'LAKE_QUERY_TIMEOUT_MS'),
    maxQueryCost: positive(env.LAKE_QUERY_MAX_COST, DEFAULT_MAX_QUERY_COST, 'LAKE_QUERY_MAX_COST'),
    anonymousQueryTimeoutMs: positive(
      env.LAKE_ANONYMOUS_QUERY_TIMEOUT_MS,
      DEFAULT_ANONYMOUS_QUERY_TIMEOUT_MS,
      'LAKE_ANONYMOUS_QUERY_TIMEOUT_MS',
    ),
    maxQueryResultBytes:
      positive(env.LAKE_MAX_RESULT_MB, DEFAULT_MAX_QUERY_RESULT_BYTES / 1024 / 1024, 'LAKE_MAX_RESULT_MB') * 1024 * 1024,
    studioDir: env.LAKE_STUDIO_DIR || undefined,
    blueprint: env.LAKE_BLUEPRINT ? path.resolve(env.LAKE_BLUEPRINT) : undefined,
    functionRetryMs: positive(env.LAKE_FUNCTION_RETRY_MS, 1000, 'LAKE_FUNCTION_RETRY_MS'),
  }
}
