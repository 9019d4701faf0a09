import {ownOrigins} from './own-origins.ts'

/** The variables an address derives from; each optional, with `npm start`'s local defaults. */
export type AddressSource = {
  PORT?: string | number | undefined
  LAKE_HOST?: string | undefined
  LAKE_PORT?: string | number | undefined
  LAKE_TLS_PORT?: string | number | undefined
  EDGE_PORT?: string | number | undefined
  SITE_URL?: string | undefined
  VITE_SITE_URL?: string | undefined
  SANITY_API_HOST?: string | undefined
  VITE_SANITY_API_HOST?: string | undefined
  /** Space-separated, or already a list (the server's parsed environment). */
  FRAME_ANCESTORS?: string | readonly string[] | undefined
  SANITY_STUDIO_PREVIEW_URL?: string | undefined
}

/** Every address of one instance of the product, derived once from its environment. */
export type StackAddresses = {
  /** The site's public address: links in mails, canonical links, the preview's frame. */
  site: string
  sitePort: number
  /** The site on this machine, which `npm start` waits for, whatever its public address. */
  localSite: string
  /** The lake over HTTP/1.1, as the site server, the functions and the jobs reach it: SANITY_API_HOST, else local. */
  lake: string
  /** The local lake `npm start` runs (LAKE_HOST, LAKE_PORT), whatever SANITY_API_HOST says. */
  localLake: string
  lakePort: number
  /** The lake over HTTP/2 and TLS, which serves the studio. */
  lakeTls: string
  lakeTlsPort: number
  studio: string
  /** Varnish in front of the site (`npm start -- --edge`). */
  edge: string
  edgePort: number
  /** Who may frame the site's pages (CSP `frame-ancestors`): the studio, for its Presentation tool. */
  frameAncestors: string[]
  /** The site the studio's Presentation tool opens, and the origin it lets talk to it (`allowOrigins`). */
  previewUrl: string
  /** The origins the site counts as its own for same-origin writes (own-origins.ts). */
  allowedOrigins: string[]
}

const withoutSlash = (url: string) => url.replace(/\/+$/, '')

function port(value: string | number | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback
  const parsed = Number(value)
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535)
    throw new Error(`${name} must be a whole number from 0 to 65535, not "${value}".`)
  return parsed
}

/**
 * The one place an address is derived from the ports and URLs in the environment: `npm start`, the site server,
 * the functions, the jobs script, the studio build and the tests all ask here, so an instance moved to other ports
 * (PORT, LAKE_PORT, LAKE_TLS_PORT, EDGE_PORT) talks only to itself. An explicit URL (SITE_URL, SANITY_API_HOST,
 * FRAME_ANCESTORS, SANITY_STUDIO_PREVIEW_URL) wins over the one its port would give.
 */
export function stackAddresses(source: AddressSource): StackAddresses {
  const sitePort = port(source.PORT, 3000, 'PORT')
  const lakePort = port(source.LAKE_PORT, 3333, 'LAKE_PORT')
  const lakeTlsPort = port(source.LAKE_TLS_PORT, 3334, 'LAKE_TLS_PORT')
  const edgePort = port(source.EDGE_PORT, 3080, 'EDGE_PORT')
  const site = withoutSlash(
    source.SITE_URL || source.VITE_SITE_URL || `http://localhost:${sitePort}`,
  )
  const localLake = `http://${source.LAKE_HOST || '127.0.0.1'}:${lakePort}`
  const lake = withoutSlash(source.SANITY_API_HOST || source.VITE_SANITY_API_HOST || localLake)
  const lakeTls = `https://localhost:${lakeTlsPort}`
  const ancestors = source.FRAME_ANCESTORS ?? lakeTls
  const frameAncestors =
    typeof ancestors === 'string' ? ancestors.split(/\s+/).filter(Boolean) : [...ancestors]
  return {
    site,
    sitePort,
    localSite: `http://localhost:${sitePort}`,
    lake,
    localLake,
    lakePort,
    lakeTls,
    lakeTlsPort,
    studio: `${lakeTls}/studio/`,
    edge: `http://localhost:${edgePort}`,
    edgePort,
    frameAncestors,
    previewUrl: withoutSlash(source.SANITY_STUDIO_PREVIEW_URL || site),
    allowedOrigins: [...ownOrigins(site)],
  }
}
