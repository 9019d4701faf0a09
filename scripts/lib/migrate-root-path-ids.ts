import type {LakeConfig} from '../../lake/src/config.ts'
import {publishedIdOf} from '../../lake/src/query/run-query.ts'
import {openLake} from '../../lake/src/store/open-lake.ts'
import type {DatasetHandle, Mutation, SanityDocument} from '../../lake/src/store/types.ts'

/**
 * Data folders made before content moved to root-path ids kept documents such as `experience.lions-head…`.
 * On hosted Sanity an id with a dot is under a path and private to anonymous readers, so the site would
 * see nothing; the lake now applies that rule too. This moves every such document (published, draft and
 * release versions) to the same id with dashes (`experience-lions-head…`), and every reference with it,
 * as one transaction, keeping what editors changed. Run by `npm start` before the lake serves; a second
 * run finds nothing to move.
 */
export async function migrateRootPathIds(dataset: DatasetHandle): Promise<{moved: number; skipped: string[]}> {
  const documents = [...dataset.documents()].filter((doc) => !doc._id.startsWith('_.'))
  const ids = new Set(documents.map((doc) => doc._id))
  const renamed = new Map<string, string>()
  const skipped: string[] = []
  for (const doc of documents) {
    const base = publishedIdOf(doc._id)
    if (!base.includes('.') || renamed.has(base)) continue
    const target = base.replaceAll('.', '-')
    // Never overwrite a document that already has the new id.
    if (ids.has(target) || ids.has(`drafts.${target}`)) skipped.push(base)
    else renamed.set(base, target)
  }
  if (renamed.size === 0) return {moved: 0, skipped}

  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite)
    if (typeof value !== 'object' || value === null) return value
    const object = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rewrite(inner)]))
    if (typeof object._ref === 'string' && renamed.has(object._ref)) object._ref = renamed.get(object._ref)
    return object
  }
  const withoutRevision = ({_rev: _r, _updatedAt: _u, ...rest}: SanityDocument) => rest
  const mutations: Mutation[] = []
  let moved = 0
  for (const doc of documents) {
    const base = publishedIdOf(doc._id)
    const newBase = renamed.get(base)
    const content = withoutRevision(rewrite(doc) as SanityDocument)
    if (newBase) {
      // `drafts.` and `versions.<release>.` prefixes stay as they are.
      mutations.push({delete: {id: doc._id}}, {create: {...content, _id: doc._id.slice(0, -base.length) + newBase}})
      moved++
    } else if (JSON.stringify(content) !== JSON.stringify(withoutRevision(doc))) {
      mutations.push({createOrReplace: content})
    }
  }
  await dataset.mutate(mutations, {author: 'migration'})
  return {moved, skipped}
}

/** `npm start`'s step: the production dataset of the data folder, before the lake serves it. */
export async function migrateDataFolder(config: LakeConfig): Promise<void> {
  const lake = openLake({dataDir: config.dataDir, datasets: config.datasets})
  try {
    const {moved, skipped} = await migrateRootPathIds(lake.dataset('production'))
    if (moved > 0) console.log(`Moved ${moved} documents to ids at the root path (see scripts/lib/migrate-root-path-ids.ts).`)
    if (skipped.length > 0) console.warn(`Left under a path, because their new id is taken: ${skipped.join(', ')}`)
  } finally {
    lake.close()
  }
}
