import {publicEnv} from './env'

/** Facts about the business that every page repeats (footer, JSON-LD, planner mail links). */
export const SITE = {
  name: 'Cape Curated Experiences',
  shortName: 'Cape Curated',
  description:
    'Small-group, locally guided experiences in Cape Town and the Western Cape: hikes, wine tours, food walks, jazz nights, penguins and sunset cruises.',
  email: 'plan@capecurated.co.za',
  phone: '+27 21 000 0000',
  locale: 'en_GB',
  url: publicEnv.siteUrl,
} as const

export function absoluteUrl(path: string): string {
  return new URL(path, `${SITE.url}/`).toString()
}
