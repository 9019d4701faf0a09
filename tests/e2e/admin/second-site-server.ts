import {spawn} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {freePort} from '../../../functions/lib/testing/free-port.ts'
import {waitForUrl} from '../../../scripts/lib/wait-for-url.ts'
import {env} from '../fixtures.ts'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * Another site server (`server/main.ts`) in front of the stack's lake, as on a second machine: its own process,
 * port and data folder, the lake's write token given as an operator would. It serves the web build the stack made.
 */
export async function startSecondSiteServer(): Promise<{url: string; stop: () => Promise<void>}> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-second-site-'))
  const {writeToken} = JSON.parse(
    fs.readFileSync(path.join(env.dataDir, 'secrets.json'), 'utf8'),
  ) as {
    writeToken: string
  }
  const port = await freePort()
  // As the stack's site: bound to loopback, named `localhost`, which the browser treats as a secure context.
  const url = `http://localhost:${port}`
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      ...env.processEnv,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      NODE_ENV: 'production',
      SANITY_API_HOST: env.lakeUrl,
      SANITY_WRITE_TOKEN: writeToken,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    child.kill('SIGTERM')
    const slow = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(slow)
    fs.rmSync(dataDir, {recursive: true, force: true})
  }
  try {
    await waitForUrl(`http://127.0.0.1:${port}/api/challenge`, 60_000)
  } catch (error) {
    await stop()
    throw error
  }
  return {url, stop}
}
