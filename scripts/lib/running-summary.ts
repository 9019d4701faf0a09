/** What `npm start` prints once everything answers: every address a developer, an editor or staff need. */
export type RunningUrls = {
  site: string
  /** Varnish in front of the site, with `npm start -- --edge`. */
  edge?: string
  studio: string
  studioSignIn: string
  lake: string
  lakeTls: string
}

/** The staff dashboard's address on a site. */
export const dashboardUrl = (siteUrl: string) => `${siteUrl.replace(/\/+$/, '')}/admin/bookings`

export function runningSummary(urls: RunningUrls, dataDir: string): string {
  return `
Cape Town Experiences is running:
  Site       ${urls.site}${urls.edge ? `\n  Edge       ${urls.edge}   (Varnish in front of the site)` : ''}
  Dashboard  ${dashboardUrl(urls.site)}   (staff: the password in ADMIN_PASSWORD, or the one printed on first start)
  Studio     ${urls.studio}   (accept the local certificate once; see README)
             First time in a browser, sign in with this link (keep it to yourself):
             ${urls.studioSignIn}
  Lake       ${urls.lake} (HTTP/1.1)  ${urls.lakeTls} (HTTP/2 + TLS)
  Data       ${dataDir}
Press Ctrl+C to stop.`
}
