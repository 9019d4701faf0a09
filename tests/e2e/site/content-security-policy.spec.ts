import {unlock} from '../admin/admin-helpers.ts'
import {env, expect, test} from '../fixtures.ts'
import {openPage, PUBLIC_ROUTES} from './site.ts'
import {watchPolicy} from './watch-policy.ts'

/**
 * The pages carry a Content-Security-Policy that lists their own inline scripts by hash, with no nonce
 * so that one response can serve every visitor from a cache (server/security.ts). Every page must still
 * paint, load its chunks and hydrate with nothing refused (watch-policy.ts). The pages a private link opens are
 * checked the same way in their own specs (waitlist, privacy), which make their links.
 */
test.describe('Content-Security-Policy', () => {
  test('every public page hydrates with a hash policy and no violation', async ({page}) => {
    test.setTimeout(180_000)
    const violations = await watchPolicy(page)
    for (const route of PUBLIC_ROUTES) {
      const response = await openPage(page, route)
      const policy = response!.headers()['content-security-policy'] ?? ''
      expect(policy, route).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/)
      expect(policy, route).not.toMatch(/nonce|strict-dynamic/)
      // Only the studio may frame the site, for its Presentation tool.
      expect(policy, route).toMatch(new RegExp(`frame-ancestors ${env.lakeTlsUrl}(;|$)`))
      // Let lazy chunks, images and their preloads arrive before reading the violations.
      await page.waitForLoadState('networkidle')
      expect(await violations(), route).toEqual([])
    }
  })

  test('the staff dashboard signs in and works with no violation', async ({page}) => {
    const violations = await watchPolicy(page)
    await unlock(page)
    await page.waitForLoadState('networkidle')
    expect(await violations()).toEqual([])
  })

  test('the API answers carry their own strict headers', async ({request}) => {
    const response = await request.get('/api/challenge')
    const headers = response.headers()
    expect(headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['cross-origin-resource-policy']).toBe('same-origin')
    expect(headers['cache-control']).toContain('no-store')
  })
})
