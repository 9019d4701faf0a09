import {z} from 'zod'

import {
  contentLakeOf,
  parseEnv,
  sharedEnvSchema,
  siteUrlOf,
} from '../functions/lib/env.ts'
import {readLocalSecrets} from '../functions/lib/local-secrets.ts'

import type {PublicSiteConfig} from '../web/src/lib/env.ts'
import type {PurgeConfig} from './edge/purge-targets.ts'

/**
 * The site server's configuration, read once at start-up: its own variables on top of the ones it shares with the
 * functions (functions/lib/env.ts), each named once. Content settings fall back to the public `VITE_*` values so
 * one `.env` serves both halves, and to the local lake's defaults so `npm start` needs no setup.
 */
const serverEnvSchema = sharedEnvSchema
  .extend({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    // Origins allowed to frame the pages (CSP frame-ancestors), space-separated, e.g. the studio's for previews.
    FRAME_ANCESTORS: z
      .string()
      .default('')
      .transform((value) => value.split(/\s+/).filter(Boolean))
      .pipe(z.array(z.url({protocol: /^https?$/}).transform((value) => new URL(value).origin))),
    // Capped at 5 s: the site promises that published content shows on the next visit within five seconds.
    CONTENT_CACHE_MS: z.coerce.number().int().min(0).max(5_000).default(2_000),
    // The shared cache in front of the site, purged by tag on publish (docs/decisions/060-cacheable-pages.md).
    EDGE_PURGE: z.enum(['varnish', 'cloudflare', 'fastly', 'generic']).optional(),
    EDGE_PURGE_URL: z.url({protocol: /^https?$/}).optional(),
    EDGE_PURGE_TOKEN: z.string().min(1).optional(),
    // Cloudflare's zone id or Fastly's service id.
    EDGE_PURGE_ZONE: z.string().min(1).optional(),
  })
  .superRefine((env, ctx) => {
    const needs: Record<string, (keyof typeof env)[]> = {
      varnish: ['EDGE_PURGE_URL', 'EDGE_PURGE_TOKEN'],
      generic: ['EDGE_PURGE_URL'],
      cloudflare: ['EDGE_PURGE_ZONE', 'EDGE_PURGE_TOKEN'],
      fastly: ['EDGE_PURGE_ZONE', 'EDGE_PURGE_TOKEN'],
    }
    for (const key of env.EDGE_PURGE ? needs[env.EDGE_PURGE]! : [])
      if (!env[key])
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `Required with EDGE_PURGE=${env.EDGE_PURGE}`,
        })
  })

function purgeConfig(env: z.output<typeof serverEnvSchema>): PurgeConfig | undefined {
  switch (env.EDGE_PURGE) {
    case undefined:
      return undefined
    case 'varnish':
      return {kind: 'varnish', url: env.EDGE_PURGE_URL!, token: env.EDGE_PURGE_TOKEN!}
    case 'generic':
      return {kind: 'generic', url: env.EDGE_PURGE_URL!, token: env.EDGE_PURGE_TOKEN}
    case 'cloudflare':
      return {kind: 'cloudflare', zoneId: env.EDGE_PURGE_ZONE!, token: env.EDGE_PURGE_TOKEN!}
    case 'fastly':
      return {kind: 'fastly', serviceId: env.EDGE_PURGE_ZONE!, token: env.EDGE_PURGE_TOKEN!}
  }
}

export type ServerEnv = {
  mode: 'development' | 'production' | 'test'
  port: number
  host: string
  siteUrl: string
  contentCacheMs: number
  frameAncestors: string[]
  sanity: {projectId: string; dataset: string; apiHost: string; apiVersion: string}
  /**
   * A viewer token for the site's own published reads: the lake keeps a worker for token holders and budgets
   * anonymous clients, so a flood of anonymous queries never starves the pages (docs/decisions/030-hostile-load-limits.md).
   */
  contentReadToken?: string | undefined
  /** Where publishes purge the shared cache; none when no cache is in front of the site. */
  edgePurge?: PurgeConfig | undefined
  /** The private dataset where preview sessions are kept. */
  bookingsDataset: string
  /** Writes preview sessions: SANITY_WRITE_TOKEN, else the local lake's; none, no preview. */
  writeToken?: string | undefined
}

/** Every variable the site server reads, for the test that finds each documented in an `.env.example`. */
export const SERVER_ENV_VARIABLES = Object.keys(serverEnvSchema.shape)

export function readServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const env = parseEnv(serverEnvSchema, source, 'server')
  const local = readLocalSecrets(env.DATA_DIR)
  return {
    mode: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    siteUrl: siteUrlOf(env),
    contentCacheMs: env.CONTENT_CACHE_MS,
    frameAncestors: env.FRAME_ANCESTORS,
    edgePurge: purgeConfig(env),
    contentReadToken: env.SANITY_PREVIEW_TOKEN ?? local.readToken,
    sanity: contentLakeOf(env),
    bookingsDataset: env.SANITY_BOOKINGS_DATASET,
    writeToken: env.SANITY_WRITE_TOKEN ?? local.writeToken,
  }
}

/** The settings the browser bundle and the SSR bundle may see (`src/lib/env.ts`): public by design, never a token. */
export function publicSiteConfig(env: Pick<ServerEnv, 'sanity' | 'siteUrl'>): PublicSiteConfig {
  const {projectId, dataset, apiHost, apiVersion} = env.sanity
  return {projectId, dataset, apiHost, apiVersion, siteUrl: env.siteUrl}
}
