import {createHash} from 'node:crypto'
import os from 'node:os'
import path from 'node:path'

/**
 * A site server's own disk (its DATA_DIR on its host), named the same by every run on it: how a privacy report
 * records which servers have scrubbed their copies (disk-catch-up.ts). Two servers on one host have two data folders,
 * so two names; a restart keeps its name.
 */
export function thisDisk(dataDir: string): {key: string; name: string} {
  const name = `${os.hostname()}:${path.resolve(dataDir)}`
  return {key: createHash('sha256').update(name).digest('hex').slice(0, 16), name}
}

/** One server's scrub of one report, kept on the report for the managers' screen. */
export type DiskScrubbed = {
  _key: string
  server: string
  at: string
  eventLines: number
  mailFiles: number
  backupLines: number
}
