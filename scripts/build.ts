import path from 'node:path'

import {ensureStudioBuild} from './lib/studio-build.ts'
import {ensureWebBuild} from './lib/web-build.ts'

/** `npm run build`: the studio (`studio/dist`) and the site (`web/dist`), each only if its sources changed. */
const root = path.resolve(import.meta.dirname, '..')
// The site the studio's Presentation tool frames: as `npm start` runs it unless configured.
await ensureStudioBuild(root, process.env.SANITY_STUDIO_PREVIEW_URL ?? `http://localhost:${process.env.PORT ?? 3000}`)
await ensureWebBuild(root)
