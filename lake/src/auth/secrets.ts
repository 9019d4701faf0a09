import {randomBytes} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

import type {LakeConfig} from '../config.ts'

export interface LakeSecrets {
  rootToken: string
  readToken: string
  writeToken: string
  editorToken: string
  /** The key in the studio sign-in link `npm start` prints (see studio-sign-in.ts). */
  studioSignInKey: string
}

const newToken = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`

/**
 * Tokens from configuration, or generated once and kept in `DATA_DIR/secrets.json` (mode 0600) so
 * the site, the functions and the tests of one machine agree on them without any setup.
 */
export function loadOrCreateSecrets(config: Pick<LakeConfig, 'dataDir' | 'rootToken' | 'readToken' | 'writeToken' | 'editorToken'>): LakeSecrets {
  const file = path.join(config.dataDir, 'secrets.json')
  let stored: Partial<LakeSecrets> = {}
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LakeSecrets>
  const generated: LakeSecrets = {
    rootToken: stored.rootToken ?? newToken('skroot'),
    readToken: stored.readToken ?? newToken('skread'),
    writeToken: stored.writeToken ?? newToken('skwrite'),
    editorToken: stored.editorToken ?? newToken('skeditor'),
    studioSignInKey: stored.studioSignInKey ?? newToken('sksignin'),
  }
  if (JSON.stringify(generated) !== JSON.stringify(stored)) {
    fs.mkdirSync(config.dataDir, {recursive: true})
    fs.writeFileSync(file, JSON.stringify(generated, null, 2) + '\n', {mode: 0o600})
  }
  return {
    rootToken: config.rootToken ?? generated.rootToken,
    readToken: config.readToken ?? generated.readToken,
    writeToken: config.writeToken ?? generated.writeToken,
    editorToken: config.editorToken ?? generated.editorToken,
    studioSignInKey: generated.studioSignInKey,
  }
}
