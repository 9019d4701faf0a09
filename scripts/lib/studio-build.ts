import path from 'node:path'

import {buildIfStale, sourceHash} from './build-stamp.ts'
import {runCommand} from './run-command.ts'

/**
 * Builds the studio into `studio/dist/<preview address>` when its sources (or the shared schemas) changed. Served by
 * the lake, the studio calls its own origin; only the site it previews (Presentation tool) is an address baked into
 * the build, so each address has its own build: stacks on other ports (the test suite runs two) keep theirs.
 */
export async function ensureStudioBuild(root: string, previewUrl: string): Promise<string> {
  const outDir = path.join(root, 'studio/dist', previewUrl.replace(/^https?:\/\//, '').replace(/[^a-z0-9]+/gi, '-'))
  // The Presentation tool's site address is baked in (SANITY_STUDIO_PREVIEW_URL), so it is part of the stamp.
  const hash = sourceHash(root, ['studio', 'schemas/src'], ['package-lock.json']) + `\n${previewUrl}`
  // One studio build at a time whatever its address: `sanity build` writes its runtime into studio/.sanity first.
  const lock = path.join(root, 'studio/dist/.build.lock')
  const built = await buildIfStale(
    outDir,
    hash,
    async () => {
      console.log('Building the studio (first start, or its sources changed)…')
      await runCommand(path.join(root, 'node_modules/.bin/sanity'), ['build', outDir, '--yes'], {
        cwd: path.join(root, 'studio'),
        env: {SANITY_TELEMETRY_DISABLED: '1', SANITY_STUDIO_PREVIEW_URL: previewUrl},
      })
    },
    {lock},
  )
  if (!built) console.log('Studio build is up to date.')
  return outDir
}
