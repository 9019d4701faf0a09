import {spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {waitForUrl} from '../../scripts/lib/wait-for-url.ts'

const root = path.resolve(import.meta.dirname, '../..')

/**
 * The product as `npm start` runs it (lake, site, studio, functions), in a fresh data folder on its own ports,
 * so a benchmark measures what a user gets and never touches another stack. `stop` ends it and removes the folder.
 */
export async function startProduct(
  name: string,
  {
    sitePort,
    lakePort,
    env = {},
    args = [],
  }: {sitePort: number; lakePort: number; env?: Record<string, string>; args?: string[]},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-bench-`))
  const stack = spawn(process.execPath, [path.join(root, 'scripts/start.ts'), ...args], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(sitePort),
      LAKE_PORT: String(lakePort),
      LAKE_TLS_PORT: String(lakePort + 1),
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const siteUrl = `http://localhost:${sitePort}`
  const stop = async () => {
    stack.kill('SIGTERM')
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    fs.rmSync(dataDir, {recursive: true, force: true})
  }
  try {
    await waitForUrl(`${siteUrl}/`, 240_000)
  } catch (error) {
    await stop()
    throw error
  }
  return {dataDir, siteUrl, stop}
}
