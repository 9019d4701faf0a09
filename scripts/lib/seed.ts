import fs from 'node:fs'
import path from 'node:path'

import type {LakeConfig} from '../../lake/src/config.ts'
import {importDataset} from '../../lake/src/ndjson/import-dataset.ts'
import {openLake} from '../../lake/src/store/open-lake.ts'

/**
 * Imports `content/production.ndjson` into the lake once, on the first start of a data directory.
 * Later starts never import again, so nothing an editor changed is ever overwritten.
 */
export async function seedOnFirstRun(options: {config: LakeConfig; root: string; publicBaseUrl: string}) {
  const {config, root} = options
  const marker = path.join(config.dataDir, 'seeded.json')
  if (fs.existsSync(marker)) return
  const file = path.join(root, 'content/production.ndjson')
  if (!fs.existsSync(file)) {
    console.warn(`No seed found at ${file}; starting with an empty dataset.`)
    return
  }
  const lake = openLake({dataDir: config.dataDir, datasets: config.datasets})
  try {
    const result = await importDataset({
      dataset: lake.dataset('production'),
      file,
      mode: 'missing',
      dataDir: config.dataDir,
      projectId: config.projectId,
      publicBaseUrl: options.publicBaseUrl,
      author: 'seed',
    })
    fs.writeFileSync(marker, JSON.stringify({file: 'content/production.ndjson', at: new Date().toISOString(), ...result}, null, 2) + '\n')
    console.log(`Seeded the production dataset: ${result.created} documents, ${result.assets} images.`)
  } finally {
    lake.close()
  }
}
