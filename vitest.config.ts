import {defineConfig} from 'vitest/config'

// One command for every workspace's unit and integration tests; end-to-end tests run in Playwright.
export default defineConfig({
  test: {
    projects: [
      {test: {name: 'lake', root: 'lake', environment: 'node', testTimeout: 30_000}},
      {test: {name: 'schemas', root: 'schemas', environment: 'node'}},
      {test: {name: 'scripts', root: 'scripts', environment: 'node'}},
      {test: {name: 'content', root: 'content', environment: 'node', testTimeout: 60_000}},
      {test: {name: 'functions', root: 'functions', environment: 'node', testTimeout: 30_000}},
      // Whole pages rendered in jsdom, queried by role: a second normally, more on a busy 2-core machine.
      {test: {name: 'web', root: 'web', environment: 'jsdom', testTimeout: 20_000, include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts']}},
      // The site server renders web/src's pages, so its tests compile JSX as the web's build does.
      {oxc: {jsx: {runtime: 'automatic'}}, test: {name: 'server', root: 'server', environment: 'jsdom', testTimeout: 20_000, include: ['**/*.test.ts'], exclude: ['node_modules/**']}},
      // The studio's tsconfig keeps JSX for Sanity's build (`jsx: preserve`); tests compile it as React's runtime does.
      {oxc: {jsx: {runtime: 'automatic'}}, test: {name: 'studio', root: 'studio', environment: 'node', include: ['**/*.test.ts'], exclude: ['node_modules/**', 'dist/**']}},
    ],
  },
})
