import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {createClient, type SanityClient} from '@sanity/client'

import {lakeConfigFromEnv, type LakeConfig} from '../config.ts'
import {startLake, type RunningLake} from '../server.ts'

export interface TestLake extends RunningLake {
  dataDir: string
  /** A client for `dataset` with the given token (none: anonymous). */
  client(options?: {token?: string; dataset?: string; perspective?: 'raw' | 'published' | 'drafts'}): SanityClient
  stop(): Promise<void>
}

/** A lake on free ports over a fresh data directory, for integration tests. */
export async function startTestLake(overrides: Partial<LakeConfig> = {}): Promise<TestLake> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lake-test-'))
  const config = {...lakeConfigFromEnv({}), ...overrides, dataDir, port: 0, tlsPort: 0}
  const running = await startLake(config)
  return {
    ...running,
    dataDir,
    client: ({token, dataset = 'production', perspective = 'raw'} = {}) =>
      createClient({
        projectId: config.projectId,
        dataset,
        apiHost: running.url,
        useProjectHostname: false,
        apiVersion: '2025-02-19',
        useCdn: false,
        perspective,
        ...(token ? {token} : {}),
      }),
    async stop() {
      await running.close()
      fs.rmSync(dataDir, {recursive: true, force: true})
    },
  }
}
