import * as z from 'zod/mini'

/**
 * Public configuration of the browser bundle, read from `import.meta.env.VITE_*` at build time and checked once.
 * Only values that are safe to publish belong here: the dataset is public-read, so the site needs no token, and a
 * token here would ship to every visitor.
 */
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

function readPublicEnv() {
  const parsed = publicEnvSchema.safeParse(import.meta.env)
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
