import {spawn, type ChildProcess} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {createClient, type SanityClient} from '@sanity/client'

import {waitForUrl} from '../../../scripts/lib/wait-for-url.ts'
import {freePort} from './free-port.ts'

/**
 * A lake and site servers (`server/main.ts`) as separate processes, each with its own data folder, as on separate
 * machines: for the tests that prove several servers in front of one lake behave as one. Everything started here
 * is killed, and every folder removed, by `stopAll`.
 */
const root = path.resolve(import.meta.dirname, '../../..')

export type SpawnedProcesses = ReturnType<typeof spawnedProcesses>

export function spawnedProcesses() {
  const children: ChildProcess[] = []
  const tempDirs: string[] = []

  const exited = (child: ChildProcess) =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise((resolve) => child.once('exit', resolve))

  return {
    tempDir(prefix: string): string {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
      tempDirs.push(dir)
      return dir
    },
    /** Runs a script of the repository with this environment; a variable set to undefined is left out. */
    startNode(script: string, env: Record<string, string | undefined>): ChildProcess {
      const merged: Record<string, string | undefined> = {...process.env, ...env}
      for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name]
      const child = spawn(process.execPath, [script], {
        cwd: root,
        env: merged,
        stdio: ['ignore', 'ignore', 'inherit'],
      })
      children.push(child)
      return child
    },
    exited,
    async stopAll() {
      for (const child of children) child.kill('SIGKILL')
      await Promise.all(children.map(exited))
      for (const dir of tempDirs) fs.rmSync(dir, {recursive: true, force: true})
    },
  }
}

export type SpawnedLake = {
  url: string
  secrets: {rootToken: string; writeToken: string}
  client: (dataset: string, token: string) => SanityClient
}

/** A lake of its own on free ports, once it answers. */
export async function startSpawnedLake(
  processes: SpawnedProcesses,
  prefix: string,
): Promise<SpawnedLake> {
  const dataDir = processes.tempDir(`${prefix}-lake-`)
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  processes.startNode('lake/src/main.ts', {
    DATA_DIR: dataDir,
    LAKE_PORT: String(port),
    LAKE_TLS_PORT: String(await freePort()),
  })
  await waitForUrl(`${url}/v1/ping`)
  const secrets = JSON.parse(
    fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'),
  ) as SpawnedLake['secrets']
  const client = (dataset: string, token: string) =>
    createClient({
      projectId: 'local',
      dataset,
      apiHost: url,
      useProjectHostname: false,
      apiVersion: '2025-02-19',
      useCdn: false,
      perspective: 'raw',
      token,
    })
  return {url, secrets, client}
}

/**
 * A production site server on a free port against `lake`, once it answers. It sends its own mail (not the Sanity
 * Function's) whatever the environment says; `env` adds to or overrides its settings.
 */
export async function startSiteServer(
  processes: SpawnedProcesses,
  lake: SpawnedLake,
  {dataDir, env = {}}: {dataDir: string; env?: Record<string, string | undefined>},
): Promise<{url: string; child: ChildProcess}> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const child = processes.startNode('server/main.ts', {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    SITE_URL: url,
    NODE_ENV: 'production',
    SANITY_API_HOST: lake.url,
    SANITY_WRITE_TOKEN: lake.secrets.writeToken,
    MAIL_SENDER: 'server',
    ...env,
  })
  await waitForUrl(`${url}/api/challenge`)
  return {url, child}
}
