import type {Plugin} from 'vite'

import {keepEarlyActions} from './keep-early-actions.ts'

/** The type of the link that stands for the inlined stylesheet: one no browser loads. */
export const INLINED_STYLESHEET_TYPE = 'text/x-inlined-css'

/**
 * Every page arrives as HTML that already shows it, so the first paint needs nothing else: the site's stylesheet
 * (about 4 KB compressed) is written into the page instead of costing a render-blocking round trip, and the
 * JavaScript, which only hydrates what is already there, starts downloading once the page is on screen. On a slow
 * line the hero image then has the bandwidth to itself, and hydration never holds up painting the content.
 *
 * The shell's `<script type="module">` and `<link rel="modulepreload">` tags become one inline script that
 * keeps the taps and keys made before hydration (keep-early-actions.ts), preloads the same modules, plus the
 * page's own (listed by the server in `#page-modules`, see server/vite-manifest.ts), and imports the entry.
 */
export function paintBeforeHydrating(): Plugin {
  return {
    name: 'paint-before-hydrating',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, {bundle}) {
        const shellModules: string[] = []
        let entry: string | undefined
        const page = html
          .replace(
            /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g,
            (tag, file: string) => {
              const asset = bundle?.[file]
              if (asset?.type !== 'asset') return tag
              // Vite lists the stylesheet among a dynamic import's preloads and waits for it before running the
              // import, unless a `<link rel="stylesheet">` with its address is in the page. This one says it is
              // here already; no browser fetches a stylesheet of a type it does not know.
              return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${file}" type="${INLINED_STYLESHEET_TYPE}">`
            },
          )
          .replace(
            /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g,
            (_tag, href: string) => {
              shellModules.push(href)
              return ''
            },
          )
          .replace(
            /<script type="module" crossorigin src="([^"]+)"><\/script>/,
            (_tag, src: string) => {
              entry = src
              return '<!--hydration-script-->'
            },
          )
        if (!entry) throw new Error('paint-before-hydrating: no entry script in index.html')
        const call = `(${keepEarlyActions.toString()})();(${hydrateOncePainted.toString()})(${JSON.stringify(entry)},${JSON.stringify(shellModules)})`
        return page.replace('<!--hydration-script-->', `<script type="module">${call}</script>`)
      },
    },
  }
}

/**
 * Runs in the page (inlined as source, so it uses nothing from outside). Starts once the page has loaded and is
 * painted: when the priority image (`elementtiming`, see SanityImage) is on screen, or without one after the first
 * paint; 300 or 100 ms after the load event should the browser report neither (no Element Timing), and after two
 * seconds whatever happens, should a slow image hold the load event back. A first touch, click or key press starts
 * it at once.
 */
export function hydrateOncePainted(entry: string, shellModules: string[]) {
  let started = false
  const start = () => {
    if (started) return
    started = true
    const pageList = document.getElementById('page-modules')?.textContent
    const pageModules = pageList ? (JSON.parse(pageList) as string[]) : []
    // The modules are this site's own, which the page's policy allows ('self', server/security.ts): no nonce needed.
    for (const href of [entry, ...shellModules, ...pageModules]) {
      const link = document.createElement('link')
      link.rel = 'modulepreload'
      link.crossOrigin = ''
      link.href = href
      document.head.append(link)
    }
    // Should the app's script not load, what was kept for it goes ahead without it (keep-early-actions.ts).
    import(/* @vite-ignore */ entry).catch(() => window.__earlyActions?.abandon())
  }
  const afterPaint = () => {
    const hero = document.querySelector('img[elementtiming]')
    try {
      new PerformanceObserver((list) => {
        for (const paint of list.getEntries() as (PerformanceEntry & {element?: Element})[])
          if (!hero || paint.element === hero) start()
      }).observe({type: hero ? 'element' : 'largest-contentful-paint', buffered: true})
    } catch {
      // Not supported: the timer below starts it.
    }
    setTimeout(start, hero ? 300 : 100)
  }
  // Someone reaching for a control should not wait for the paint logic: their first touch or key starts it.
  for (const type of ['pointerdown', 'keydown', 'focusin'])
    addEventListener(type, start, {once: true, capture: true, passive: true})
  if (document.readyState === 'complete') afterPaint()
  else {
    addEventListener('load', afterPaint, {once: true})
    setTimeout(start, 2000)
  }
}
