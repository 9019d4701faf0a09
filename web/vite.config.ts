import {createRequire} from 'node:module'
import path from 'node:path'
import {fileURLToPath} from 'node:url'
import {constants} from 'node:zlib'

import {gzipAsync} from '@gfx/zopfli'
import react from '@vitejs/plugin-react'
import {defineConfig, type Plugin} from 'vite'
import {compression, defineAlgorithm} from 'vite-plugin-compression2'

import {paintBeforeHydrating} from './build/paint-before-hydrating.ts'
import {preloadOnlyWhatIsMissing} from './build/preload-only-what-is-missing.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * Brotli (best quality) and gzip copies of the browser's files next to them, made once at build time; the
 * server sends the copy the browser accepts (`precompressed` in server/create-site-app.ts). Only the client
 * build: the server's own bundle is never sent over the network. The gzip copies are Zopfli's (Google's
 * exhaustive deflate encoder, valid gzip for every browser): about 3% smaller than zlib's level 9, at a few
 * seconds of build time. Small files too: a page's first load is a dozen chunks under 1 KB.
 */
const precompressed: Plugin = {
  ...compression({
    algorithms: [
      defineAlgorithm('brotliCompress', {params: {[constants.BROTLI_PARAM_QUALITY]: 11}}),
      defineAlgorithm(
        async (input) => Buffer.from(await gzipAsync(input as Buffer, {numiterations: 15})),
        {},
      ),
    ],
    include: /\.(js|css|svg|json|html)$/,
    threshold: 0,
    skipIfLargerOrEqual: true,
    logLevel: 'silent',
  }),
  applyToEnvironment: (environment) => environment.name === 'client',
}

/**
 * The pages the site never links to, and their reads: opened from a mail (a traveller's request, review form,
 * waitlist and privacy links, the newsletter's confirmation and unsubscribe links) or by staff (the dashboard, the
 * audits). Such a page comes from the server with its chunks preloaded, never from a navigation in the browser, so
 * what its import would preload is not listed in the entry every visitor downloads.
 */
const OPENED_FROM_OUTSIDE =
  /\/web\/src\/(app\/routes\/(request|review|waitlist-offer|waitlist-leave|privacy-confirm|privacy-download|newsletter-confirm|unsubscribe|admin-bookings|audit-[a-z-]+|image-review)\.tsx|features\/(request\/api\/get-request|reviews\/api\/get-review-invitation|waitlist\/api\/waitlist-links|privacy\/api\/privacy-links)\.ts)$/

const dynamicImportPreloads = preloadOnlyWhatIsMissing({openedFromOutside: OPENED_FROM_OUTSIDE})

/**
 * React Router's package sends every bundler to its development build (its `exports` name no other), which keeps
 * its warnings, and their texts, in every visitor's entry: its production build, beside it in the package, is
 * 0.4 KB brotli smaller on each first load and warns no visitor's console. Upstream: remix-run/react-router#14102.
 */
const reactRouterProduction = (file: string) =>
  path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
    file,
  )

// One `vite build` produces both halves of the server-rendered site: the browser bundle (with a manifest the
// server reads to preload the entry chunk) and the SSR bundle that `server/main.ts` imports in production.
export default defineConfig({
  root,
  plugins: [react(), paintBeforeHydrating(), dynamicImportPreloads.plugin, precompressed],
  resolve: {
    alias: [
      {find: /^react-router$/, replacement: reactRouterProduction('index.mjs')},
      {find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs')},
    ],
  },
  builder: {},
  environments: {
    client: {
      build: {
        outDir: 'dist/client',
        manifest: true,
        // Every browser the site supports preloads modules itself (Safari 17+); older ones only lose the head
        // start, so the polyfill is 1 KB every visitor would download for nothing.
        modulePreload: {
          polyfill: false,
          resolveDependencies: dynamicImportPreloads.resolveDependencies,
        },
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
