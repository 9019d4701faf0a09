import fs from 'node:fs'
import path from 'node:path'

/**
 * The tokens the local lake generates on first start (`DATA_DIR/secrets.json`, lake/src/auth/secrets.ts), for servers
 * on the same machine: the functions' write token, the site's read token for published and draft content. Read
 * here only, by the functions' configuration and the site server's; empty when the lake has not written them yet.
 */
export type LocalSecrets = {readToken?: string; writeToken?: string}

export function readLocalSecrets(dataDir: string): LocalSecrets {
  try {
    return JSON.parse(
      fs.readFileSync(path.join(path.resolve(dataDir), 'secrets.json'), 'utf8'),
    ) as LocalSecrets
  } catch {
    return {}
  }
}
