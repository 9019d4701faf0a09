import {createHash} from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const SKIP = new Set(['node_modules', 'dist', '.sanity', 'test-results'])

/** A hash of every source file under the given folders, to rebuild only when something changed. */
export function sourceHash(root: string, folders: string[], extraFiles: string[] = []): string {
  const hash = createHash('sha256')
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, {withFileTypes: true}).sort((a, b) => a.name.localeCompare(b.name))) {
      if (SKIP.has(entry.name)) continue
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) visit(full)
      else if (!entry.name.endsWith('.test.ts')) hash.update(path.relative(root, full)).update(fs.readFileSync(full))
    }
  }
  for (const folder of folders) visit(path.join(root, folder))
  for (const file of extraFiles) hash.update(fs.readFileSync(path.join(root, file)))
  return hash.digest('hex')
}

/** Runs `build` unless `outDir` holds a stamp of the same source hash. */
export async function buildIfStale(outDir: string, hash: string, build: () => Promise<void>): Promise<boolean> {
  const stamp = path.join(outDir, '.build-stamp')
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return false
  await build()
  fs.writeFileSync(stamp, hash)
  return true
}
