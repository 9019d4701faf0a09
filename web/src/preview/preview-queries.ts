/**
 * Every GROQ query the site's pages read (lib/queries.ts). The preview's query endpoint runs these and nothing
 * else with its token, so a preview session can read drafts of what the site shows but not arbitrary or private
 * documents. Loaded lazily, as the pages' reads load them.
 */
export async function loadPreviewQueries(): Promise<readonly string[]> {
  return Object.values(await import('../lib/queries'))
}
