import path from 'node:path'

import {buildIfStale, sourceHash} from './build-stamp.ts'
import {runCommand} from './run-command.ts'

/**
 * Builds the studio into `studio/dist` when its sources (or the shared schemas) changed. Served by the lake, the
 * studio calls its own origin; only the site it previews (Presentation tool) is an address baked into the build.
 */
export async function ensureStudioBuild(root: string, previewUrl: string): Promise<string> {
  const outDir = path.join(root, 'studio/dist')
  // The Presentation tool's site address is baked in (SANITY_STUDIO_PREVIEW_URL), so it is part of the stamp.
  const hash = sourceHash(root, ['studio', 'schemas/src'], ['package-lock.json']) + `\n${previewUrl}`
  const built = await buildIfStale(outDir, hash, async () => {
    console.log('Building the studio (first start, or its sources changed)…')
    await runCommand(path.join(root, 'node_modules/.bin/sanity'), ['build', 'dist', '--yes'], {
      cwd: path.join(root, 'studio'),
      env: {SANITY_TELEMETRY_DISABLED: '1', SANITY_STUDIO_PREVIEW_URL: previewUrl},
    })
  })
  if (!built) console.log('Studio build is up to date.')
  return outDir
}
