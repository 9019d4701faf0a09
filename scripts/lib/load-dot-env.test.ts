import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import {parseEnv} from 'node:util'

import {describe, expect, it} from 'vitest'

import {FUNCTIONS_ENV_VARIABLES, readFunctionsEnv} from '../../functions/lib/env.ts'
import {loadDotEnv} from './load-dot-env.ts'

const root = path.resolve(import.meta.dirname, '../..')

describe('.env loading', () => {
  it('treats empty values as unset, so .env.example copied as it is starts with the defaults', () => {
    const env: NodeJS.ProcessEnv = {SANITY_WRITE_TOKEN: 'server-only-token'}
    loadDotEnv(path.join(root, '.env.example'), env)
    expect(env.SMTP_URL).toBeUndefined()
    expect(env.REQUEST_RATE_LIMIT).toBe('20')
    expect(Object.values(env)).not.toContain('')
    expect(() => readFunctionsEnv(env)).not.toThrow()
  })

  it('documents every variable the functions read in an .env.example', () => {
    const documented = new Set(
      ['.env.example', 'web/.env.example'].flatMap((file) =>
        Object.keys(parseEnv(fs.readFileSync(path.join(root, file), 'utf8'))),
      ),
    )
    expect(FUNCTIONS_ENV_VARIABLES.filter((name) => !documented.has(name))).toEqual([])
  })

  it('lets variables already in the environment win over the file', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'dotenv-')), '.env')
    fs.writeFileSync(file, 'PORT=4000\nTEAM_EMAIL=team@example.com\n')
    const env: NodeJS.ProcessEnv = {PORT: '3100'}
    loadDotEnv(file, env)
    expect(env).toEqual({PORT: '3100', TEAM_EMAIL: 'team@example.com'})
  })
})
