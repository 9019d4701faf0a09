import path from 'node:path'

import {ensureStudioBuild} from './lib/studio-build.ts'
import {ensureWebBuild} from './lib/web-build.ts'

/** `npm run build`: the studio (`studio/dist`) and the site (`web/dist`), each only if its sources changed. */
const root = path.resolve(import.meta.dirname, '..')
await ensureStudioBuild(root)
await ensureWebBuild(root)
