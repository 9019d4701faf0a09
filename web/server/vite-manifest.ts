import {readFile} from 'node:fs/promises'

type ManifestChunk = {file: string; imports?: string[]; css?: string[]; isEntry?: boolean}
type Manifest = Record<string, ManifestChunk>

/**
 * Reads the client build's manifest and returns a function that lists the chunks a set of page modules needs,
 * as `<link rel="modulepreload">` tags. Chunks the HTML shell already preloads (the entry's) are left out.
 */
export async function createPreloadLinks(
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
    const links = [...files]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `\n    <link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
      .join('')
    cache.set(key, links)
    return links
  }
}
