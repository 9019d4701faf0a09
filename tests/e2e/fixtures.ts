import fs from 'node:fs'
import path from 'node:path'

import {test as base, expect, type Page} from '@playwright/test'
import {createClient, type SanityClient} from '@sanity/client'

import {e2eEnvironment} from './e2e-environment.ts'

export const env = e2eEnvironment()

function secrets(): {rootToken: string; writeToken: string} {
  return JSON.parse(fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8')) as {
    rootToken: string
    writeToken: string
  }
}

export function lakeClient(
  options: {dataset?: string; perspective?: 'raw' | 'published'; token?: boolean} = {},
): SanityClient {
  return createClient({
    projectId: 'local',
    dataset: options.dataset ?? 'production',
    apiHost: env.lakeUrl,
    useProjectHostname: false,
    apiVersion: '2025-02-19',
    useCdn: false,
    perspective: options.perspective ?? 'raw',
    ...(options.token === false ? {} : {token: secrets().rootToken}),
  })
}

/** The studio sign-in link `npm start` printed (and wrote to urls.json), as the person who ran it has it. */
export function studioSignInLink(): string {
  const urls = JSON.parse(fs.readFileSync(path.join(env.dataDir, 'urls.json'), 'utf8')) as {studioSignIn: string}
  return urls.studioSignIn
}

interface Fixtures {
  /** The lake through the real @sanity/client, with the root token. */
  lake: SanityClient
  /** The studio's origin and base path, e.g. `https://localhost:3434/studio`. */
  studioUrl: string
}

/** Site pages hydrate once painted; a test, unlike a person, would otherwise click before the script has run. */
function isSitePage(url: string) {
  const path = url.startsWith(env.siteUrl) ? url.slice(env.siteUrl.length) : url
  return path.startsWith('/') && !/^\/(api|assets)\/|^\/(sitemap\.xml|robots\.txt)/.test(path)
}

export async function waitForHydration(page: Page) {
  await page.locator('html[data-hydrated="true"]').waitFor({state: 'attached'})
}

export const test = base.extend<Fixtures>({
  // `page.goto` to a site page returns once the page has hydrated.
  page: async ({page}, use) => {
    const goto = page.goto.bind(page)
    page.goto = async (url, options) => {
      const response = await goto(url, options)
      if (isSitePage(url)) await waitForHydration(page)
      return response
    }
    await use(page)
  },
  // eslint-disable-next-line no-empty-pattern
  lake: async ({}, use) => use(lakeClient()),
  // eslint-disable-next-line no-empty-pattern
  studioUrl: async ({}, use) => use(`${env.lakeTlsUrl}/studio`),
})

export {expect}
