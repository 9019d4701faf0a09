import http from 'node:http'

import {PRIVACY_LINK_LIMITS} from '../../../functions/privacy-requests/index.ts'
import {varnishInstalled} from '../../../scripts/lib/varnish.ts'
import {env, expect, test} from '../fixtures.ts'

/**
 * Behind Varnish (`npm start -- --edge`), every visitor reaches the site from Varnish's own address. The site counts
 * its limits per visitor only because `--edge` tells it how many proxies stand in front (TRUST_PROXY_HOPS), so it
 * reads the address Varnish adds to X-Forwarded-For: without that, one client spends a link page's limit for everyone
 * (docs/decisions/152-purges-need-a-token-and-clients-behind-the-edge-are-told-apart.md). Two visitors are two
 * loopback addresses here, each connecting to Varnish from its own.
 */

const FIRST_VISITOR = '127.0.0.2'
const SECOND_VISITOR = '127.0.0.3'

/** A privacy link page that does not exist: a personal page, so Varnish passes it to the site every time. */
const page = `${env.edgeUrl}/privacy/requests/confirm/not-a-real-link-${Date.now().toString(36)}`

function statusFrom(localAddress: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(page, {localAddress, agent: false}, (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      })
      .on('error', reject)
  })
}

test('one visitor spending a link page’s limit through the edge leaves another visitor’s untouched', async () => {
  if (!varnishInstalled())
    throw new Error('Varnish with xkey is missing: `apt-get install -y varnish varnish-modules`')
  const first: number[] = []
  for (let request = 0; request <= PRIVACY_LINK_LIMITS.view; request++)
    first.push(await statusFrom(FIRST_VISITOR))
  // The first visitor is refused once over the limit, so the limit is in force through the edge…
  expect(first.at(-1)).toBe(429)
  expect(first.slice(0, PRIVACY_LINK_LIMITS.view)).not.toContain(429)
  // …and the second visitor, behind the same Varnish, is counted apart.
  expect(await statusFrom(SECOND_VISITOR)).not.toBe(429)
})
