import {fileURLToPath} from 'node:url'

import react from '@vitejs/plugin-react'
import {defineConfig} from 'vite'

import {paintBeforeHydrating} from './build/paint-before-hydrating.ts'

const root = fileURLToPath(new URL('.', import.meta.url))

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
