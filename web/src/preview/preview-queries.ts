/**
 * Every GROQ query the site's pages read, as written in the features' `api/get-*.ts` modules (`<thing>Query`
 * consts, house style). The preview's query endpoint runs these and nothing else with its token, so a preview
 * session can read drafts of what the site shows but not arbitrary or private documents.
 */
const modules = import.meta.glob<Record<string, unknown>>('../features/*/api/get-*.ts', {
  eager: true,
})

export const previewQueries: readonly string[] = Object.values(modules).flatMap((exports) =>
  Object.entries(exports).flatMap(([name, value]) =>
    name.endsWith('Query') && typeof value === 'string' ? [value] : [],
  ),
)
