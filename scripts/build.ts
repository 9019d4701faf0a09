import path from 'node:path'

import {stackAddresses} from '../functions/lib/addresses.ts'
import {loadDotEnv} from './lib/load-dot-env.ts'
import {ensureStudioBuild} from './lib/studio-build.ts'
import {ensureWebBuild} from './lib/web-build.ts'

/** `npm run build`: the studio (`studio/dist`) and the site (`web/dist`), each only if its sources changed. */
const root = path.resolve(import.meta.dirname, '..')
// As `npm start` reads it, so both bake the same preview address into the studio.
loadDotEnv(path.join(root, '.env'))
// The site the studio's Presentation tool frames, derived as every process derives it (functions/lib/addresses.ts).
await ensureStudioBuild(root, stackAddresses(process.env).previewUrl)
await ensureWebBuild(root)
