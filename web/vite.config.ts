import {fileURLToPath} from 'node:url'

import react from '@vitejs/plugin-react'
import {defineConfig, type Plugin} from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * The first paint needs nothing but the HTML, which already holds the page: the site's stylesheet (about 4 KB
 * compressed) is written into it instead of costing a render-blocking round trip, and the scripts, which only
 * hydrate what the server rendered, download at low priority (the hero image goes first on a slow line) and run
 * once the page has loaded, so hydration never holds up painting the content.
 */
function paintBeforeHydrating(): Plugin {
  return {
    name: 'paint-before-hydrating',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, {bundle}) {
        return html
          .replace(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g, (tag, file: string) => {
            const asset = bundle?.[file]
            return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag
          })
          .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"')
          .replace(
            /<script type="module" crossorigin src="([^"]+)"><\/script>/,
            (_tag, entry: string) =>
              `<link rel="modulepreload" fetchpriority="low" crossorigin href="${entry}">` +
              `<script type="module">${startAfterLoad(entry)}</script>`,
          )
      },
    },
  }
}

/**
 * Imports the entry once the page has loaded and the frame showing it is painted (a loaded image still has to be
 * painted), or after two seconds should a slow image hold the load event back.
 */
const startAfterLoad = (entry: string) =>
  `const start=()=>import(${JSON.stringify(entry)}),later=()=>requestAnimationFrame(()=>setTimeout(start));` +
  `document.readyState==="complete"?later():(addEventListener("load",later,{once:true}),setTimeout(start,2000))`

// One `vite build` produces both halves of the server-rendered site: the browser bundle (with a manifest the
// server reads to preload the entry chunk) and the SSR bundle that `server/main.ts` imports in production.
export default defineConfig({
  root,
  plugins: [react(), paintBeforeHydrating()],
  builder: {},
  environments: {
    client: {
      build: {
        outDir: 'dist/client',
        manifest: true,
        // Keep the previous build's hashed files: a server still running (another stack on this checkout, or the
        // old process during a deploy) renders pages that name them, and deleting them breaks its hydration.
        emptyOutDir: false,
      },
    },
    ssr: {
      build: {
        outDir: 'dist/server',
        // As above: a running server's lazily imported page chunks must outlive the next build.
        emptyOutDir: false,
        rolldownOptions: {input: 'src/entry-server.tsx'},
      },
    },
  },
})
