import {readFile} from 'node:fs/promises'

type ManifestChunk = {file: string; imports?: string[]; css?: string[]; isEntry?: boolean}
type Manifest = Record<string, ManifestChunk>

/**
 * Reads the client build's manifest and returns a function that lists the chunks a set of page modules needs, as
 * the JSON script `#page-modules` from which the page's hydration script preloads them once the page is painted
 * (see build/paint-before-hydrating.ts). Chunks of the shell (the entry's) are left out: that script knows them.
 */
export async function createPageModuleList(
  clientDir: string,
): Promise<(modules: string[]) => string> {
  const manifest = JSON.parse(
    await readFile(`${clientDir}/.vite/manifest.json`, 'utf8'),
  ) as Manifest
  const entryFiles = new Set<string>()
  const collect = (key: string, into: Set<string>) => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return
    into.add(chunk.file)
    for (const imported of chunk.imports ?? []) collect(imported, into)
  }
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) collect(key, entryFiles)

  const cache = new Map<string, string>()
  return (modules) => {
    const key = modules.join(',')
    const hit = cache.get(key)
    if (hit !== undefined) return hit
    const files = new Set<string>()
    for (const module of modules) collect(module, files)
    const pageFiles = [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`)
    // File names from the build: JSON of them cannot end the script element.
    const list = `\n    <script type="application/json" id="page-modules">${JSON.stringify(pageFiles)}</script>`
    cache.set(key, list)
    return list
  }
}
