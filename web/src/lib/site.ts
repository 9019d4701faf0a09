import {publicEnv} from './env'

/**
 * Facts about the business that every page repeats (footer, JSON-LD, planner mail links). The `siteSettings`
 * document overrides them; these are the fallbacks when it cannot be read.
 */
export const SITE = {
  name: 'Cape Curated',
  description:
    'Small-group, locally guided experiences in Cape Town and the Western Cape: hikes, wine tours, food walks, jazz nights, penguins and sunset cruises.',
  email: 'hello@capecurated.co.za',
  phone: '+27 21 555 0142',
  locale: 'en_GB',
  url: publicEnv.siteUrl,
} as const

export function absoluteUrl(path: string): string {
  return new URL(path, `${SITE.url}/`).toString()
}
