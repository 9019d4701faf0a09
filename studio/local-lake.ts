import {createClient} from '@sanity/client'
import type {WorkspaceOptions} from 'sanity'

// SANITY_STUDIO_* variables are baked into the browser build by Vite (import.meta.env) and are on
// process.env when the CLI loads this file in Node.
const env: Record<string, string | undefined> = {
  ...(typeof process === 'undefined' ? {} : process.env),
  ...((import.meta as {env?: Record<string, string | undefined>}).env ?? {}),
}

const projectId = env.SANITY_STUDIO_PROJECT_ID || 'local'

/**
 * The local Content Lake (`lake/`) when the project is the local one or an API host is given;
 * a real Sanity project id without an API host means Sanity's hosted Content Lake and login.
 * The lake serves the built studio itself, so in the browser its API is the page's own origin:
 * one build works whatever ports the lake runs on.
 */
const apiHost =
  env.SANITY_STUDIO_API_HOST ||
  (projectId === 'local'
    ? typeof window === 'undefined'
      ? 'https://localhost:3334'
      : window.location.origin
    : undefined)

/**
 * Workspace options that point a workspace at the local lake:
 * - every client goes to `apiHost` itself, not `<projectId>.<apiHost>`, so one certificate and one
 *   origin serve the whole studio;
 * - login is the lake's own provider: the link `npm start` prints signs a browser in (lake/src/auth/studio-sign-in.ts);
 * - hosted-only features (releases, scheduling, tasks, canvas, media library, announcements) are off;
 * - search uses GROQ the lake evaluates (`text::query()` of the default strategy is hosted-only);
 * - history uses the transaction log (the lake serves it) rather than the hosted events API.
 */
export const localLakeOptions: Partial<WorkspaceOptions> = apiHost
  ? {
      apiHost,
      auth: {
        loginMethod: 'token',
        redirectOnSingle: true,
        providers: [{name: 'lake', title: 'Local lake', url: `${apiHost}/v1/auth/login/lake`}],
      },
      unstable_clientFactory: (options) => createClient({...options, useProjectHostname: false}),
      releases: {enabled: false},
      scheduledDrafts: {enabled: false},
      scheduledPublishing: {enabled: false},
      tasks: {enabled: false},
      apps: {canvas: {enabled: false}},
      mediaLibrary: {enabled: false},
      announcements: {enabled: false},
      search: {strategy: 'groqLegacy'},
      beta: {eventsAPI: {documents: false, releases: false}},
    }
  : {}
