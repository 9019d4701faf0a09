import {readdir, rm, stat} from 'node:fs/promises'
import {join} from 'node:path'

/**
 * Rendered image variants on disk, capped in total size: every parameter combination a client asks for
 * would otherwise be kept for ever. Least recently used variants go first; originals are never touched
 * (they live outside `.variants`). One index per data folder, built from the disk on first use.
 */
export class VariantCache {
  private readonly entries = new Map<string, {size: number; used: number}>()
  private total = 0
  private loaded: Promise<void> | undefined
  private readonly root: string
  readonly capBytes: number

  constructor(dataDir: string, capBytes: number) {
    this.root = join(dataDir, 'assets')
    this.capBytes = capBytes
  }

  get bytes(): number {
    return this.total
  }

  /** A cached variant was served: it is now the most recently used. */
  touch(path: string) {
    const entry = this.entries.get(path)
    if (entry) entry.used = Date.now()
  }

  /** A variant was written; evicts the least recently used ones while over the cap. */
  async added(path: string, size: number): Promise<void> {
    await this.load()
    const previous = this.entries.get(path)
    if (previous) this.total -= previous.size
    this.entries.set(path, {size, used: Date.now()})
    this.total += size
    if (this.total <= this.capBytes) return
    const oldestFirst = [...this.entries].sort((a, b) => a[1].used - b[1].used)
    for (const [victim, entry] of oldestFirst) {
      // Down to 90 %, so that one more render does not evict again at once.
      if (this.total <= this.capBytes * 0.9 || victim === path) break
      this.entries.delete(victim)
      this.total -= entry.size
      await rm(victim, {force: true})
    }
  }

  private load(): Promise<void> {
    this.loaded ??= (async () => {
      const datasets = await readdir(this.root).catch(() => [] as string[])
      for (const dataset of datasets) {
        const variants = join(this.root, dataset, '.variants')
        for (const folder of await readdir(variants).catch(() => [] as string[])) {
          for (const file of await readdir(join(variants, folder)).catch(() => [] as string[])) {
            const path = join(variants, folder, file)
            const info = await stat(path).catch(() => undefined)
            if (!info?.isFile() || this.entries.has(path)) continue
            this.entries.set(path, {size: info.size, used: info.mtimeMs})
            this.total += info.size
          }
        }
      }
    })()
    return this.loaded
  }
}

const caches = new Map<string, VariantCache>()

/** The cache of a data folder (one per process and folder). */
export function variantCache(dataDir: string, capBytes: number): VariantCache {
  let cache = caches.get(dataDir)
  if (!cache || cache.capBytes !== capBytes) {
    cache = new VariantCache(dataDir, capBytes)
    caches.set(dataDir, cache)
  }
  return cache
}
