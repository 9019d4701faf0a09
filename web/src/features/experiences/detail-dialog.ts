/** The address parameter of the open detail dialog: `?exp=<slug>`. */
export const DETAIL_PARAM = 'exp'

type DetailDialogModule = typeof import('./components/experience-detail-dialog')

let loaded: DetailDialogModule | undefined

/**
 * The listing's detail dialog is its own chunk, so a first visit to the listing does not download it (issue 12:
 * the listing's first-load JavaScript). An address that opens it (`?exp=`) loads it before the page renders: the
 * listing's loader on the server and on each navigation, and the start-up script before hydrating.
 */
export async function loadDetailDialogFor(url: URL): Promise<void> {
  if (!url.searchParams.has(DETAIL_PARAM) || loaded) return
  loaded = await import('./components/experience-detail-dialog')
}

/** The detail dialog, once loaded (always, while the address opens it). */
export const loadedDetailDialog = () => loaded?.ExperienceDetailDialog

/** Its module (Vite manifest key), for the server to preload with the listing when the address opens it. */
export const detailDialogModulesFor = (url: URL): string[] =>
  url.searchParams.has(DETAIL_PARAM)
    ? ['src/features/experiences/components/experience-detail-dialog.tsx']
    : []
