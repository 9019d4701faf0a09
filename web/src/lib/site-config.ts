import type {PublicSiteConfig} from './env'

/**
 * The `<script>` that hands the server's public configuration to the browser bundle before it starts. Only the five
 * named fields are copied, so nothing else the caller holds (a token, say) can end up in the page. Escaped so a
 * value cannot close the script element or break the line.
 */
export function siteConfigScript(config: PublicSiteConfig): string {
  const {projectId, dataset, apiHost, apiVersion, siteUrl} = config
  const json = JSON.stringify({projectId, dataset, apiHost, apiVersion, siteUrl})
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
  return `<script>window.__SITE_CONFIG__=${json}</script>`
}
