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

/**
 * Five values, checked by hand rather than with zod: zod would be the largest part of the JavaScript every page
 * loads first, and the forms that need it load it with their own chunks.
 */
type EnvName =
  | 'VITE_SANITY_PROJECT_ID'
  | 'VITE_SANITY_DATASET'
  | 'VITE_SANITY_API_HOST'
  | 'VITE_SANITY_API_VERSION'
  | 'VITE_SITE_URL'
type Rule = {fallback: string; valid: (value: string) => boolean; expected: string}

const rules: Record<EnvName, Rule> = {
  VITE_SANITY_PROJECT_ID: {
    fallback: 'local',
    valid: (value) => /^[-a-z0-9]+$/i.test(value),
    expected: 'must be letters, digits and hyphens',
  },
  VITE_SANITY_DATASET: {
    fallback: 'production',
    valid: (value) => value.length > 0,
    expected: 'must not be empty',
  },
  VITE_SANITY_API_HOST: {
    fallback: 'http://127.0.0.1:3333',
    valid: isHttpUrl,
    expected: 'must be an http(s) URL',
  },
  VITE_SANITY_API_VERSION: {
    fallback: '2025-02-19',
    valid: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value),
    expected: 'must be a date such as 2025-02-19',
  },
  VITE_SITE_URL: {
    fallback: 'http://127.0.0.1:3000',
    valid: isHttpUrl,
    expected: 'must be an http(s) URL',
  },
}

function isHttpUrl(value: string) {
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)
}

type BuildEnv = Record<string, unknown>

/** Runtime values win over the build's; each one missing from the runtime falls back on its own. */
export function readPublicEnv(
  runtime: Partial<PublicSiteConfig> | undefined = globalThis.__SITE_CONFIG__,
  build: BuildEnv = import.meta.env,
) {
  const given: Record<EnvName, unknown> = {
    VITE_SANITY_PROJECT_ID: runtime?.projectId ?? build.VITE_SANITY_PROJECT_ID,
    VITE_SANITY_DATASET: runtime?.dataset ?? build.VITE_SANITY_DATASET,
    VITE_SANITY_API_HOST: runtime?.apiHost ?? build.VITE_SANITY_API_HOST,
    VITE_SANITY_API_VERSION: runtime?.apiVersion ?? build.VITE_SANITY_API_VERSION,
    VITE_SITE_URL: runtime?.siteUrl ?? build.VITE_SITE_URL,
  }
  const env = {} as Record<EnvName, string>
  const problems: string[] = []
  for (const [name, rule] of Object.entries(rules) as [EnvName, Rule][]) {
    const value = given[name] ?? rule.fallback
    if (typeof value === 'string' && rule.valid(value)) env[name] = value
    else problems.push(`- ${name}: ${rule.expected}`)
  }
  if (problems.length > 0)
    throw new Error(`Invalid public environment variables:\n${problems.join('\n')}`)
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
