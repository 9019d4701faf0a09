import type {SanityDocument} from '@sanity/client'

import {env, expect, lakeClient, test} from '../fixtures.ts'
import {hostileHrefs} from '../../hostile/payloads.ts'
import {sendRaw} from '../../hostile/raw-http.ts'

/**
 * Content and requests an attacker controls without the studio: rich-text links written through the API, and a
 * page on another domain that DNS points at the site's server (DNS rebinding).
 */

const siteUrl = new URL(env.siteUrl)

test('rich-text links written through the API past the studio render as plain text, on the server and after hydration', async ({
  page,
}) => {
  const lake = lakeClient()
  const source = await lake.getDocument<SanityDocument>('story-woodstock-art-studios')
  expect(source, 'the seed story to copy').toBeTruthy()
  const slug = `hostile-links-${Date.now().toString(36)}`
  const id = `story-${slug}`
  // One paragraph per address: the link's text names its index, so each can be found in the page.
  const hrefs = [...hostileHrefs, 'https://example.com/ok', '/about']
  const body = hrefs.map((href, index) => ({
    _type: 'block',
    _key: `b${index}`,
    style: 'normal',
    markDefs: [{_type: 'link', _key: `l${index}`, href}],
    children: [
      {_type: 'span', _key: `s${index}a`, text: `Paragraph ${index}: `, marks: []},
      {_type: 'span', _key: `s${index}b`, text: `target${index}`, marks: [`l${index}`]},
    ],
  }))
  await lake.createOrReplace({...source!, _id: id, slug: {_type: 'slug', current: slug}, body})
  try {
    const response = await page.request.get(`/stories/${slug}`)
    expect(response.status()).toBe(200)
    const html = await response.text()
    // The server's HTML: every hostile one is its words alone, the two allowed ones are links.
    for (const [index] of hostileHrefs.entries()) {
      expect(html).toContain(`target${index}`)
      expect(html, hrefs[index]).not.toMatch(new RegExp(`<a\\b[^>]*>target${index}<`))
    }
    expect(html).toMatch(/<a href="https:\/\/example\.com\/ok"[^>]*>target\d+</)
    expect(html).toMatch(/<a href="\/about"[^>]*>target\d+</)

    await page.goto(`/stories/${slug}`)
    const links = page.locator('.prose a')
    await expect(links).toHaveCount(2)
    expect(await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')))).toEqual([
      'https://example.com/ok',
      '/about',
    ])
  } finally {
    await lake.delete(id)
  }
})

test('a page on another domain that resolves to the site (DNS rebinding) cannot post to it', async () => {
  const rebound = `rebind-${Date.now().toString(36)}.evil.test:${siteUrl.port}`
  const body = Buffer.from(JSON.stringify({event: 'page_view', path: '/'}))
  for (const target of ['/api/events', '/api/staff/session', '/api/newsletter-signups']) {
    // What the browser sends from the rebound page: its own name as Host and Origin, and "same-origin".
    const response = await sendRaw(
      {
        port: Number(siteUrl.port),
        method: 'POST',
        target,
        headers: [
          ['Host', rebound],
          ['Origin', `http://${rebound}`],
          ['Sec-Fetch-Site', 'same-origin'],
          ['Content-Type', 'application/json'],
          ['Content-Length', String(body.length)],
        ],
        body,
      },
      10_000,
    )
    expect(response.status, target).toBe(403)
    expect(JSON.parse(response.body)).toMatchObject({detail: 'Requests from other sites are refused.'})
  }
})
