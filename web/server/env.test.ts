import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {describe, expect, it} from 'vitest'

import {readServerEnv} from './env.ts'

describe('the site server’s configuration', () => {
  it('reads published content with the viewer token: SANITY_PREVIEW_TOKEN, else the local lake’s', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-env-'))
    try {
      expect(readServerEnv({DATA_DIR: dataDir}).contentReadToken).toBeUndefined()
      fs.writeFileSync(path.join(dataDir, 'secrets.json'), JSON.stringify({readToken: 'local-read', writeToken: 'w'}))
      expect(readServerEnv({DATA_DIR: dataDir}).contentReadToken).toBe('local-read')
      expect(readServerEnv({DATA_DIR: dataDir, SANITY_PREVIEW_TOKEN: 'hosted-viewer'}).contentReadToken).toBe(
        'hosted-viewer',
      )
    } finally {
      fs.rmSync(dataDir, {recursive: true, force: true})
    }
  })
})
