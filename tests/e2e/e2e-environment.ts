import path from 'node:path'

import {stackAddresses} from '../../functions/lib/addresses.ts'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * Ports and data directory of the stack under test: apart from a developer's `npm start`
 * (3000/3333/3334), so both can run at once. `E2E_PORT_OFFSET` moves them, for a second checkout.
 * The site's functions send mail over SMTP to the mail sink (`mail-sink/main.ts`), a real SMTP listener
 * that the tests read over HTTP.
 */
export function e2eEnvironment() {
  // E2E_DATA_DIR: a second stack from the same checkout (another engineer's stack keeps .data/e2e).
  const dataDir = process.env.E2E_DATA_DIR
    ? path.resolve(process.env.E2E_DATA_DIR)
    : path.join(root, '.data/e2e')
  const offset = Number(process.env.E2E_PORT_OFFSET ?? 0)
  const sitePort = 3100 + offset
  const lakePort = 3433 + offset
  const lakeTlsPort = 3434 + offset
  const smtpPort = 3125 + offset
  const mailSinkPort = 3126 + offset
  // Varnish in front of the site (`npm start -- --edge`), as a CDN would be.
  const edgePort = 3180 + offset
  const teamEmail = 'e2e-team@capecurated.co.za'
  // The data folder keeps only the password's hash, so the tests choose it, as an operator would.
  const adminPassword = process.env.ADMIN_PASSWORD ?? 'e2e-staff-password-not-for-production'
  // The stack's addresses as every process of it derives them from its ports (functions/lib/addresses.ts).
  const addresses = stackAddresses({
    PORT: sitePort,
    LAKE_PORT: lakePort,
    LAKE_TLS_PORT: lakeTlsPort,
    EDGE_PORT: edgePort,
  })
  return {
    dataDir,
    siteUrl: addresses.site,
    lakeUrl: addresses.localLake,
    lakeTlsUrl: addresses.lakeTls,
    smtpPort,
    mailSinkPort,
    mailSinkUrl: `http://127.0.0.1:${mailSinkPort}`,
    edgeUrl: addresses.edge,
    teamEmail,
    adminPassword,
    processEnv: {
      ADMIN_PASSWORD: adminPassword,
      DATA_DIR: dataDir,
      PORT: String(sitePort),
      EDGE_PORT: String(edgePort),
      LAKE_PORT: String(lakePort),
      LAKE_TLS_PORT: String(lakeTlsPort),
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      TEAM_EMAIL: teamEmail,
      // Every spec signs in from this one address, several times a minute; the limit's own test is an integration test.
      STAFF_SIGN_IN_RATE_LIMIT: '600',
      // The request pages' specs open many travellers' pages a minute from here; the limit's own test is security.test.ts.
      REQUEST_PAGE_RATE_LIMIT: '600',
      // FRAME_ANCESTORS, the studio's preview address and the site's own origins are left to the stack to derive
      // from these ports, as `npm start` on other ports does (preview.spec.ts walks Presentation on them).
    },
  }
}
