import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {parseEnv} from 'node:util'

import {describe, expect, it} from 'vitest'

import {FUNCTIONS_ENV_VARIABLES, parseFunctionsEnv} from '../functions/lib/env.ts'
import {readServerEnv, SERVER_ENV_VARIABLES} from './env.ts'

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

  it('reads only variables documented in an .env.example, each in one of them, the browser’s in web/', () => {
    const root = path.resolve(import.meta.dirname, '..')
    const [server, browser] = ['.env.example', 'web/.env.example'].map((file) =>
      Object.keys(parseEnv(fs.readFileSync(path.join(root, file), 'utf8'))),
    )
    const documented = new Set([...server!, ...browser!])
    const read = new Set([...SERVER_ENV_VARIABLES, ...FUNCTIONS_ENV_VARIABLES])
    expect([...read].filter((name) => !documented.has(name))).toEqual([])
    expect(server!.filter((name) => browser!.includes(name))).toEqual([])
    expect(browser!.filter((name) => !name.startsWith('VITE_'))).toEqual([])
  })

  it('reads the same Content Lake as the functions, from the same variables', () => {
    const source = {VITE_SANITY_DATASET: 'staging', SANITY_BOOKINGS_DATASET: 'staging-bookings'}
    const env = readServerEnv(source)
    expect(env.sanity.dataset).toBe('staging')
    expect(env.bookingsDataset).toBe('staging-bookings')
    const functions = parseFunctionsEnv(source)
    expect(functions.sanity).toEqual({...env.sanity, bookingsDataset: 'staging-bookings'})
    expect(functions.siteUrl).toBe(env.siteUrl)
  })
})
