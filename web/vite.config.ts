import {fileURLToPath} from 'node:url'

import react from '@vitejs/plugin-react'
import {defineConfig} from 'vite'

const root = fileURLToPath(new URL('.', import.meta.url))

// One `vite build` produces both halves of the server-rendered site: the browser bundle (with a manifest the
// server reads to preload the entry chunk) and the SSR bundle that `server/main.ts` imports in production.
export default defineConfig({
  root,
  plugins: [react()],
  builder: {},
  environments: {
    client: {
      build: {
        outDir: 'dist/client',
        manifest: true,
        emptyOutDir: true,
      },
    },
    ssr: {
      build: {
        outDir: 'dist/server',
        emptyOutDir: true,
        rolldownOptions: {input: 'src/entry-server.tsx'},
      },
    },
  },
})
