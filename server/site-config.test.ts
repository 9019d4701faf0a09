// @vitest-environment node
import {describe, expect, it} from 'vitest'

import {createSiteApp} from './create-site-app'
import {publicSiteConfig, readServerEnv} from './env'
import {readPublicEnv, type PublicSiteConfig} from '../web/src/lib/env'
import {siteConfigScript} from '../web/src/lib/site-config'

const config: PublicSiteConfig = {
  projectId: 'local',
  dataset: 'production',
  apiHost: 'http://127.0.0.1:3433',
  apiVersion: '2025-02-19',
  siteUrl: 'http://localhost:3100',
}

/** Runs the script's body the way the browser would, against a stand-in `window`. */
function evaluate(script: string): unknown {
  const body = /^<script>([\s\S]*)<\/script>$/.exec(script)?.[1]
  if (body === undefined) throw new Error(`Not a single script element: ${script}`)
  const window: {__SITE_CONFIG__?: unknown} = {}
  new Function('window', body)(window)
  return window.__SITE_CONFIG__
}

describe('runtime site configuration', () => {
  it('lets the values the server wrote win over the build-time ones', () => {
    const env = readPublicEnv(config, {VITE_SANITY_API_HOST: 'http://127.0.0.1:3333'})
    expect(env.sanity).toMatchObject({projectId: 'local', apiHost: 'http://127.0.0.1:3433'})
    expect(env.siteUrl).toBe('http://localhost:3100')
  })

  it('falls back to the build-time values, field by field', () => {
    const env = readPublicEnv(
      {apiHost: 'https://lake.example.test/'},
      {VITE_SANITY_DATASET: 'staging', VITE_SITE_URL: 'https://www.example.test/'},
    )
    expect(env.sanity).toMatchObject({
      projectId: 'local',
      dataset: 'staging',
      apiHost: 'https://lake.example.test',
      apiVersion: '2025-02-19',
    })
    expect(env.siteUrl).toBe('https://www.example.test')
    expect(readPublicEnv(undefined, {}).sanity.apiHost).toBe('http://127.0.0.1:3333')
  })

  it('rejects an invalid value rather than talking to a wrong host', () => {
    expect(() => readPublicEnv({apiHost: 'not a url'}, {})).toThrow(/VITE_SANITY_API_HOST/)
  })

  it('writes only the public fields, escaped so a value cannot end the script', () => {
    const hostile = {
      ...config,
      dataset: '</script><script>alert(1)</script>\u2028&',
      token: 'sk-secret',
    } as PublicSiteConfig
    const script = siteConfigScript(hostile)
    expect(script).not.toContain('sk-secret')
    expect(script.match(/<\/script>/g)).toHaveLength(1)
    expect(evaluate(script)).toEqual({...config, dataset: hostile.dataset})
  })

  it('takes the server environment’s lake and site URL, and never a token', () => {
    const env = readServerEnv({
      SANITY_API_HOST: 'http://127.0.0.1:3433/',
      SITE_URL: 'http://localhost:3100',
      SANITY_TOKEN: 'sk-secret',
    })
    expect(publicSiteConfig({...env, token: 'sk-secret'} as typeof env)).toEqual(config)
  })

  it('is written into every rendered page before the app starts', async () => {
    const app = createSiteApp({
      getRender: async () => async () => ({
        kind: 'html',
        status: 200,
        head: '',
        html: '<p>Hello</p>',
        state: '<script>window.__RQ_STATE__={}</script>',
        modules: [],
      }),
      getTemplate: async () =>
        '<html><head><!--app-head--></head><body><div id="root"><!--app-html--></div><!--app-state--><script type="module" src="/main.js"></script></body></html>',
      fetcher: async () => null,
      siteUrl: config.siteUrl,
      siteConfig: config,
    })
    const html = await (await app.request('/')).text()
    // The page's CSP nonce aside (server/security.ts), the element is exactly the config script.
    const script =
      /<script>window\.__SITE_CONFIG__=.*?<\/script>/.exec(
        html.replace(/ nonce="[^"]+"/g, ''),
      )?.[0] ?? ''
    expect(evaluate(script)).toEqual(config)
    expect(html.indexOf('__SITE_CONFIG__')).toBeLessThan(html.indexOf('type="module"'))
  })
})
