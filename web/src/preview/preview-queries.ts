/**
 * Every GROQ query the site's pages read: the site's queries (lib/queries.ts) and the booking dialog's, which comes
 * with its own code. The preview's query endpoint runs these and nothing else with its token, so a preview session
 * can read drafts of what the site shows but not arbitrary or private documents. Loaded lazily, as the pages' reads
 * load them.
 */
export async function loadPreviewQueries(): Promise<readonly string[]> {
  const [queries, {experienceSettingsQuery}] = await Promise.all([
    import('../lib/queries'),
    import('../features/booking/api/experience-settings-query'),
  ])
  return [...Object.values(queries), experienceSettingsQuery]
}
