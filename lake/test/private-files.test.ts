import {execFileSync} from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import sharp from 'sharp'
import {afterEach, describe, expect, it, vi} from 'vitest'

import {createClient} from '@sanity/client'

import {lakeConfigFromEnv} from '../src/config.ts'
import {startLake} from '../src/server.ts'

// The data folder holds every booking, the tokens and the TLS key: readable by its owner only.
const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, {recursive: true, force: true})
})

function modes(dir: string): Record<string, string> {
  const result: Record<string, string> = {}
  const visit = (target: string) => {
    const stat = fs.statSync(target)
    result[path.relative(dir, target) || '.'] = (stat.mode & 0o777).toString(8)
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) visit(path.join(target, entry))
  }
  visit(dir)
  return result
}

describe('private data files', () => {
  it('makes an older, world-readable data folder private, and keeps what the lake writes private', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lake-private-'))
    folders.push(dataDir)
    fs.chmodSync(dataDir, 0o755)
    fs.mkdirSync(path.join(dataDir, 'outbox/pending'), {recursive: true, mode: 0o755})
    fs.writeFileSync(path.join(dataDir, 'outbox/pending/booking.eml'), 'To: traveller@example.com', {mode: 0o644})
    fs.writeFileSync(path.join(dataDir, 'secrets.json'), '{}', {mode: 0o644})

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const lake = await startLake({...lakeConfigFromEnv({}), dataDir, port: 0, tlsPort: 0})
    const warnings = warn.mock.calls.map(([message]) => message)
    warn.mockRestore()
    // It says what it changed, once per file and folder.
    expect(warnings).toEqual(
      expect.arrayContaining([`lake: ${path.join(dataDir, 'secrets.json')} was readable by others; made private to its owner`]),
    )
    try {
      const client = createClient({projectId: 'local', dataset: 'production', apiHost: lake.url, useProjectHostname: false, apiVersion: '2025-02-19', useCdn: false, token: lake.secrets.rootToken})
      const png = await sharp({create: {width: 8, height: 8, channels: 3, background: '#123456'}}).png().toBuffer()
      const asset = await client.assets.upload('image', png)
      await fetch(`${asset.url}?w=4`)
      await client.create({_id: 'private-note', _type: 'note'})

      const found = modes(dataDir)
      expect(Object.keys(found)).toEqual(expect.arrayContaining(['lake.sqlite', 'lake.sqlite-wal', 'secrets.json', 'tls/localhost-key.pem', 'outbox/pending/booking.eml']))
      expect(Object.keys(found).some((file) => file.startsWith('assets/production/'))).toBe(true)
      for (const [file, mode] of Object.entries(found)) {
        expect(mode, file).toBe(fs.statSync(path.join(dataDir, file)).isDirectory() ? '700' : '600')
      }
    } finally {
      await lake.close()
    }
  })

  it('gives the processes that write there a 077 umask', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'umask-'))
    folders.push(dir)
    const module = path.resolve(import.meta.dirname, '../src/store/private-files.ts')
    execFileSync(process.execPath, ['--input-type=module', '-e', `
      import fs from 'node:fs'
      const {createFilesPrivately} = await import(${JSON.stringify(module)})
      createFilesPrivately()
      fs.mkdirSync(${JSON.stringify(path.join(dir, 'outbox'))})
      fs.writeFileSync(${JSON.stringify(path.join(dir, 'outbox/mail.eml'))}, 'x')
    `])
    expect(modes(dir)).toMatchObject({outbox: '700', 'outbox/mail.eml': '600'})
  })
})
