import type {Plugin, Rollup} from 'vite'

type Host = {hostId: string; hostType: 'html' | 'js'}

/**
 * What a dynamic import preloads (a list of hashed file names Vite writes into the importing chunk) is, by
 * default, every chunk the imported one needs, including those the importing chunk imports itself, which are
 * always loaded already: they ran before it could. Leaving those out shortens the lists, about 0.1 KB of every
 * page's first load on a slow phone. Left out of the entry's lists as well: a list naming only the imported chunk
 * (the route table's imports start one at a time, as a visitor navigates, and fetch that chunk at once; elsewhere
 * an import started beside others keeps its list, whose preload puts the chunk in the browser's queue in the order
 * asked); and the lists of the modules `openedFromOutside` names, pages the site never links to, which the browser
 * imports only when such a page is the one the server sent, its chunks preloaded by the server.
 * Returns the plugin that sees the bundle and the `build.modulePreload.resolveDependencies` that filters by it.
 */
export function preloadOnlyWhatIsMissing({openedFromOutside}: {openedFromOutside?: RegExp} = {}) {
  let bundle: Rollup.OutputBundle | undefined
  const plugin: Plugin = {
    name: 'preload-only-what-is-missing',
    apply: 'build',
    generateBundle: {
      // Before Vite's import analysis, which asks `resolveDependencies` while it writes the lists.
      order: 'pre',
      handler(_options, output) {
        bundle = output
      },
    },
  }
  const resolveDependencies = (file: string, deps: string[], {hostId, hostType}: Host) => {
    if (hostType !== 'js' || !bundle) return deps
    const output = bundle
    const loaded = new Set<string>()
    const walk = (file: string) => {
      const chunk = output[file]
      if (chunk?.type !== 'chunk' || loaded.has(file)) return
      loaded.add(file)
      for (const imported of chunk.imports) walk(imported)
    }
    walk(hostId)
    const imported = output[file]
    if (imported?.type === 'chunk' && openedFromOutside?.test(imported.facadeModuleId ?? ''))
      return []
    const missing = deps.filter((dep) => !loaded.has(dep))
    const host = output[hostId]
    return host?.type === 'chunk' && host.isEntry && missing.length === 1 && missing[0] === file
      ? []
      : missing
  }
  return {plugin, resolveDependencies}
}
