/**
 * Every GROQ query the site's pages read, as written in the features' `api/get-*.ts` modules (`<thing>Query`
 * consts, house style). The preview's query endpoint runs these and nothing else with its token, so a preview
 * session can read drafts of what the site shows but not arbitrary or private documents. Loaded lazily, as the
 * router loads these modules, so the server bundle's chunks stay as they were.
 */
import {siteSettingsQuery} from '../features/site/api/get-site-settings'

// The site settings' module is part of every page already (the router imports it), so it is not loaded lazily.
const modules = import.meta.glob<Record<string, unknown>>([
  '../features/*/api/get-*.ts',
  '!../features/site/api/get-site-settings.ts',
  '!../features/*/api/*.test.ts',
])

export async function loadPreviewQueries(): Promise<readonly string[]> {
  const loaded = await Promise.all(Object.values(modules).map((load) => load()))
  return [
    siteSettingsQuery,
    ...loaded.flatMap((exports) =>
      Object.entries(exports).flatMap(([name, value]) =>
        name.endsWith('Query') && typeof value === 'string' ? [value] : [],
      ),
    ),
  ]
}
