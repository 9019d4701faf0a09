import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {
  adminPasswordFile,
  hashPassword,
  loadOrCreateStaffSecrets,
  verifyPassword,
} from './admin-password.ts'

describe('the staff password file', () => {
  let dataDir: string
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-password-'))
  })
  afterEach(() => fs.rmSync(dataDir, {recursive: true, force: true}))

  const file = () => adminPasswordFile(dataDir)
  const stored = () => JSON.parse(fs.readFileSync(file(), 'utf8')) as Record<string, unknown>

  it('prints a generated password once and keeps only its hash', () => {
    const logged: string[] = []
    const secrets = loadOrCreateStaffSecrets({dataDir, log: (line) => logged.push(line)})
    const password = /password \(generated[^)]*\): (\S+)/.exec(logged.join('\n'))?.[1]
    expect(password).toBeTruthy()
    expect(verifyPassword(password!, secrets.password)).toBe(true)
    const text = fs.readFileSync(file(), 'utf8')
    expect(text).not.toContain(password!)
    expect(Object.keys(stored()).sort()).toEqual(['hash', 'salt', 'sessionSecret'])
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600)
    // A restart signs in with the same password and prints nothing.
    const again = loadOrCreateStaffSecrets({dataDir, log: (line) => logged.push(line)})
    expect(verifyPassword(password!, again.password)).toBe(true)
    expect(again.sessionSecret).toBe(secrets.sessionSecret)
    expect(logged).toHaveLength(1)
  })

  it('upgrades a file that kept the generated password in clear: it still signs in, then only the hash is kept', () => {
    const {salt, hash} = hashPassword('old-generated-password')
    fs.writeFileSync(
      file(),
      JSON.stringify({
        salt,
        hash,
        sessionSecret: 'kept-session-secret',
        generatedPassword: 'old-generated-password',
      }),
      {mode: 0o644},
    )
    const secrets = loadOrCreateStaffSecrets({dataDir, log: () => {}})
    expect(verifyPassword('old-generated-password', secrets.password)).toBe(true)
    expect(secrets.sessionSecret).toBe('kept-session-secret')
    expect(fs.readFileSync(file(), 'utf8')).not.toContain('old-generated-password')
    expect(stored()).toEqual({salt, hash, sessionSecret: 'kept-session-secret'})
    expect(fs.statSync(file()).mode & 0o777).toBe(0o600)
  })

  it('upgrades a file that held the password only in clear', () => {
    fs.writeFileSync(file(), JSON.stringify({password: 'clear-only', sessionSecret: 's'}))
    const secrets = loadOrCreateStaffSecrets({dataDir, log: () => {}})
    expect(verifyPassword('clear-only', secrets.password)).toBe(true)
    expect(verifyPassword('wrong', secrets.password)).toBe(false)
    expect(fs.readFileSync(file(), 'utf8')).not.toContain('clear-only')
    expect(Object.keys(stored()).sort()).toEqual(['hash', 'salt', 'sessionSecret'])
  })
})
