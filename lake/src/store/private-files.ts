import fs from 'node:fs'
import path from 'node:path'

/**
 * The data folder holds every booking's personal data, session hashes, tokens and the TLS key: only its
 * owner may read it. New files are created private (mode 0600, folders 0700: `writeFileAtomic`, the
 * database, and a 077 umask in every process that writes there); this repairs what an older version or
 * a copy left readable, and says so.
 */
export function makePrivate(dataDir: string): string[] {
  const repaired: string[] = []
  const visit = (target: string) => {
    const stat = fs.lstatSync(target)
    if (stat.isSymbolicLink()) return
    const wanted = stat.isDirectory() ? 0o700 : 0o600
    if ((stat.mode & 0o777) !== wanted) {
      fs.chmodSync(target, wanted)
      repaired.push(target)
    }
    if (stat.isDirectory()) for (const entry of fs.readdirSync(target)) visit(path.join(target, entry))
  }
  fs.mkdirSync(dataDir, {recursive: true, mode: 0o700})
  visit(dataDir)
  return repaired
}

/** For each process that writes into the data folder: whatever it creates is private to its owner. */
export function createFilesPrivately() {
  process.umask(0o077)
}
