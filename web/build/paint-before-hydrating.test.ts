// @vitest-environment node
import type {IndexHtmlTransformHook} from 'vite'
import {describe, expect, it} from 'vitest'

import {INLINED_STYLESHEET_TYPE, paintBeforeHydrating} from './paint-before-hydrating'

// What `vite build` writes into index.html before this plugin runs.
const built = `<head>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/jsx-runtime-def.js">
    <link rel="modulepreload" crossorigin href="/assets/query-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>`

function transform(html: string) {
  const hook = paintBeforeHydrating().transformIndexHtml as {handler: IndexHtmlTransformHook}
  const bundle = {
    'assets/index-jkl.css': {
      type: 'asset',
      fileName: 'assets/index-jkl.css',
      source: 'body{margin:0}',
    },
  }
  return hook.handler.call({} as never, html, {
    path: '/index.html',
    filename: 'index.html',
    bundle,
  } as never)
}

describe('paint before hydrating', () => {
  it('writes the stylesheet into the page and leaves no script or preload that loads before the paint', () => {
    const html = transform(built) as string
    expect(html).toContain('<style>body{margin:0}</style>')
    // Only a link that stands for it, of a type no browser loads, so that dynamic imports do not fetch it again.
    expect(html.match(/<link rel="stylesheet"[^>]*>/g)).toEqual([
      `<link rel="stylesheet" href="/assets/index-jkl.css" type="${INLINED_STYLESHEET_TYPE}">`,
    ])
    expect(html).not.toMatch(/<link rel="modulepreload"/)
    expect(html).not.toMatch(/<script type="module" crossorigin src=/)
  })

  it('hands the entry and the shell modules to one inline start-up script', () => {
    const html = transform(built) as string
    const inline = /<script type="module">([\s\S]*)<\/script>/.exec(html)?.[1] ?? ''
    expect(inline).toContain('"/assets/index-abc.js"')
    expect(inline).toContain('["/assets/jsx-runtime-def.js","/assets/query-ghi.js"]')
    expect(inline).toContain('img[elementtiming]')
    // Taps made before hydration are kept first of all (keep-early-actions.ts).
    expect(inline.indexOf('__earlyActions')).toBeGreaterThan(-1)
    expect(inline.indexOf('__earlyActions')).toBeLessThan(inline.indexOf('img[elementtiming]'))
  })

  it('refuses a page without an entry script rather than shipping one that never hydrates', () => {
    expect(() => transform('<head></head>')).toThrow(/no entry script/)
  })
})
