import fs from 'node:fs'
import path from 'node:path'

/** The tokens the local lake generates on first start (`DATA_DIR/secrets.json`), for a server on the same machine. */
type LocalSecrets = {readToken?: string; writeToken?: string}

export function readLocalSecrets(source: Record<string, string | undefined>): LocalSecrets {
  try {
    const file = path.join(path.resolve(source.DATA_DIR || '.data'), 'secrets.json')
    return JSON.parse(fs.readFileSync(file, 'utf8')) as LocalSecrets
  } catch {
    return {}
  }
}
