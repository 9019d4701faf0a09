import path from 'node:path'

import {buildIfStale, sourceHash} from './build-stamp.ts'
import {runCommand} from './run-command.ts'

/**
 * Builds the studio into `studio/dist` when its sources (or the shared schemas) changed. The build
 * does not depend on ports: served by the lake, the studio calls its own origin.
 */
export async function ensureStudioBuild(root: string): Promise<string> {
  const outDir = path.join(root, 'studio/dist')
  const hash = sourceHash(root, ['studio', 'schemas/src'], ['package-lock.json'])
  const built = await buildIfStale(outDir, hash, async () => {
    console.log('Building the studio (first start, or its sources changed)…')
    await runCommand(path.join(root, 'node_modules/.bin/sanity'), ['build', 'dist', '--yes'], {
      cwd: path.join(root, 'studio'),
      env: {SANITY_TELEMETRY_DISABLED: '1'},
    })
  })
  if (!built) console.log('Studio build is up to date.')
  return outDir
}
