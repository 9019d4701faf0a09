import path from 'node:path'

import {buildIfStale, sourceHash} from './build-stamp.ts'
import {runCommand} from './run-command.ts'

/**
 * Builds the site (browser bundle and server renderer) into `web/dist` when its sources changed. `quiet`: no
 * progress, and Vite's output only if the build fails (tests).
 */
export async function ensureWebBuild(root: string, {quiet = false} = {}): Promise<void> {
  const log = quiet ? () => {} : (line: string) => console.log(line)
  const outDir = path.join(root, 'web/dist')
  const hash = sourceHash(root, ['web/src', 'server', 'web/build', 'web/public', 'schemas/src'], [
    'web/index.html',
    'web/vite.config.ts',
    'package-lock.json',
  ])
  const built = await buildIfStale(outDir, hash, async () => {
    log('Building the site (first start, or its sources changed)…')
    // Always a production build, whoever asks: under NODE_ENV=test (a vitest worker) Vite would compile JSX for
    // development (`jsxDEV`), which the production server renderer cannot run, and the build stamp would keep it.
    await runCommand(path.join(root, 'node_modules/.bin/vite'), ['build'], {
      cwd: path.join(root, 'web'),
      env: {NODE_ENV: 'production'},
      quiet,
    })
  })
  if (!built) log('Site build is up to date.')
}
