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

/**
 * Runs `build` unless `outDir` holds a stamp of the same source hash. One build at a time per `outDir`, across
 * processes: the test suite's vitest workers and the stacks it starts for Playwright may all ask at once, and two
 * builds into one folder would clean each other's output. Whoever waited finds the stamp current and builds nothing.
 * `lock`: a lock shared by builds into several folders that use one workspace on the way.
 */
export async function buildIfStale(
  outDir: string,
  hash: string,
  build: () => Promise<void>,
  {lock = `${outDir}.lock`}: {lock?: string} = {},
): Promise<boolean> {
  const stamp = path.join(outDir, '.build-stamp')
  const current = () => fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash
  if (current()) return false
  const release = await buildLock(lock)
  try {
    if (current()) return false
    await build()
    fs.mkdirSync(outDir, {recursive: true})
    fs.writeFileSync(stamp, hash)
    return true
  } finally {
    release()
  }
}

/** A lock file naming its holder's process; a lock whose process has ended (killed mid-build) is taken over. */
async function buildLock(file: string): Promise<() => void> {
  const token = `${process.pid} ${Math.random()}`
  fs.mkdirSync(path.dirname(file), {recursive: true})
  for (;;) {
    try {
      fs.writeFileSync(file, token, {flag: 'wx'})
      return () => {
        if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === token) fs.rmSync(file, {force: true})
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    let holder: number | undefined
    try {
      holder = Number(fs.readFileSync(file, 'utf8').split(' ')[0])
    } catch {
      continue // released between our two reads
    }
    if (!holder || !processAlive(holder)) {
      fs.rmSync(file, {force: true})
      continue
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
