/**
 * Writes content/production.ndjson from the TypeScript sources in content/src/.
 *
 *   npx node scripts/build-seed.ts
 *
 * Images are referenced in Sanity's import form (`_sanityAsset: "image@file://./images/…"`), relative to the
 * NDJSON file; `scripts/generate-artwork.ts` makes them.
 */
import {writeFileSync} from 'node:fs'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {seedDocuments, toNdjson} from '../src/seed.ts'

export const seedFile = resolve(dirname(fileURLToPath(import.meta.url)), '../production.ndjson')

const documents = seedDocuments()
writeFileSync(seedFile, toNdjson(documents))
process.stdout.write(`Wrote ${documents.length} documents to ${seedFile}\n`)
