import {z} from 'zod'

import type {PublicSiteConfig} from '../src/lib/env'

/**
 * Server configuration, read once at start-up. Content settings fall back to the public `VITE_*` values so one
 * `.env` serves both halves, and to the local lake's defaults so `npm start` needs no setup.
 */
const serverEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(1).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  SITE_URL: z.url().optional(),
  SANITY_PROJECT_ID: z
    .string()
    .regex(/^[-a-z0-9]+$/i)
    .optional(),
  SANITY_DATASET: z.string().min(1).optional(),
  SANITY_API_HOST: z.url().optional(),
  SANITY_API_VERSION: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  VITE_SITE_URL: z.url().default('http://127.0.0.1:3000'),
  VITE_SANITY_PROJECT_ID: z.string().default('local'),
  VITE_SANITY_DATASET: z.string().default('production'),
  VITE_SANITY_API_HOST: z.url().default('http://127.0.0.1:3333'),
  VITE_SANITY_API_VERSION: z.string().default('2025-02-19'),
  // Capped at 5 s: the site promises that published content shows on the next visit within five seconds.
  // Origins allowed to frame the pages (CSP frame-ancestors), space-separated, e.g. the studio's for previews.
  FRAME_ANCESTORS: z
    .string()
    .default('')
    .transform((value) => value.split(/\s+/).filter(Boolean))
    .pipe(z.array(z.url({protocol: /^https?$/}).transform((value) => new URL(value).origin))),
  CONTENT_CACHE_MS: z.coerce.number().int().min(0).max(5_000).default(2_000),
})

export type ServerEnv = {
  mode: 'development' | 'production' | 'test'
  port: number
  host: string
  siteUrl: string
  contentCacheMs: number
  frameAncestors: string[]
  sanity: {projectId: string; dataset: string; apiHost: string; apiVersion: string}
}

export function readServerEnv(source: Record<string, string | undefined> = process.env): ServerEnv {
  const parsed = serverEnvSchema.safeParse(source)
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `- ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new Error(`Invalid server environment variables:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  return {
    mode: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    siteUrl: (env.SITE_URL ?? env.VITE_SITE_URL).replace(/\/+$/, ''),
    contentCacheMs: env.CONTENT_CACHE_MS,
    frameAncestors: env.FRAME_ANCESTORS,
    sanity: {
      projectId: env.SANITY_PROJECT_ID ?? env.VITE_SANITY_PROJECT_ID,
      dataset: env.SANITY_DATASET ?? env.VITE_SANITY_DATASET,
      apiHost: (env.SANITY_API_HOST ?? env.VITE_SANITY_API_HOST).replace(/\/+$/, ''),
      apiVersion: env.SANITY_API_VERSION ?? env.VITE_SANITY_API_VERSION,
    },
  }
}

/** The settings the browser bundle and the SSR bundle may see (`src/lib/env.ts`): public by design, never a token. */
export function publicSiteConfig(env: Pick<ServerEnv, 'sanity' | 'siteUrl'>): PublicSiteConfig {
  const {projectId, dataset, apiHost, apiVersion} = env.sanity
  return {projectId, dataset, apiHost, apiVersion, siteUrl: env.siteUrl}
}
