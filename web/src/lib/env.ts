import * as z from 'zod/mini'

/**
 * Public configuration of the site: the Content Lake's project, dataset, host and API version, and the site's own
 * URL. The server reads these from its environment at start-up and writes them into every page it renders
 * (`window.__SITE_CONFIG__`, see `site-config.ts`), so one build works whichever port or host the lake is on. The
 * build-time `import.meta.env.VITE_*` values are only the fallback (tests, a page without the script).
 *
 * Only values that are safe to publish belong here: the dataset is public-read, so the site needs no token, and a
 * token here would ship to every visitor.
 */
export type PublicSiteConfig = {
  projectId: string
  dataset: string
  apiHost: string
  apiVersion: string
  siteUrl: string
}

declare global {
  // Written by the server: in the page for the browser, on `globalThis` before it loads the SSR bundle.
  var __SITE_CONFIG__: Partial<PublicSiteConfig> | undefined
}

// zod/mini: the same checks as zod at a fraction of the weight in the first-load bundle.
const publicEnvSchema = z.object({
  VITE_SANITY_PROJECT_ID: z._default(
    z.string().check(z.regex(/^[-a-z0-9]+$/i, 'must be letters, digits and hyphens')),
    'local',
  ),
  VITE_SANITY_DATASET: z._default(z.string().check(z.minLength(1)), 'production'),
  VITE_SANITY_API_HOST: z._default(z.url(), 'http://127.0.0.1:3333'),
  VITE_SANITY_API_VERSION: z._default(
    z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date such as 2025-02-19')),
    '2025-02-19',
  ),
  VITE_SITE_URL: z._default(z.url(), 'http://127.0.0.1:3000'),
})

type BuildEnv = Record<string, unknown>

/** Runtime values win over the build's; each one missing from the runtime falls back on its own. */
export function readPublicEnv(
  runtime: Partial<PublicSiteConfig> | undefined = globalThis.__SITE_CONFIG__,
  build: BuildEnv = import.meta.env,
) {
  const parsed = publicEnvSchema.safeParse({
    VITE_SANITY_PROJECT_ID: runtime?.projectId ?? build.VITE_SANITY_PROJECT_ID,
    VITE_SANITY_DATASET: runtime?.dataset ?? build.VITE_SANITY_DATASET,
    VITE_SANITY_API_HOST: runtime?.apiHost ?? build.VITE_SANITY_API_HOST,
    VITE_SANITY_API_VERSION: runtime?.apiVersion ?? build.VITE_SANITY_API_VERSION,
    VITE_SITE_URL: runtime?.siteUrl ?? build.VITE_SITE_URL,
  })
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `- ${issue.path.join('.')}: ${issue.message}`,
    )
    throw new Error(`Invalid public environment variables:\n${problems.join('\n')}`)
  }
  const env = parsed.data
  return {
    sanity: {
      projectId: env.VITE_SANITY_PROJECT_ID,
      dataset: env.VITE_SANITY_DATASET,
      apiHost: env.VITE_SANITY_API_HOST.replace(/\/+$/, ''),
      apiVersion: env.VITE_SANITY_API_VERSION,
      useCdn: false,
    },
    siteUrl: env.VITE_SITE_URL.replace(/\/+$/, ''),
  } as const
}

export const publicEnv = readPublicEnv()
