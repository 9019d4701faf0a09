/**
 * Renders the seed artwork: every scene in src/artwork/scenes.ts to content/images/<name>.jpg (1600×1000).
 *
 *   npx node scripts/generate-artwork.ts [name…]
 */
import {mkdirSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import sharp from 'sharp'

import {renderScene, scenes} from '../src/artwork/scenes.ts'

const imagesDir = resolve(dirname(fileURLToPath(import.meta.url)), '../images')

export async function renderToJpeg(name: string): Promise<Buffer> {
  return sharp(Buffer.from(renderScene(name)))
    .jpeg({quality: 78, mozjpeg: true, chromaSubsampling: '4:2:0'})
    .toBuffer()
}

if (import.meta.url === `file://${process.argv[1]}`) {
  mkdirSync(imagesDir, {recursive: true})
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(scenes)
  for (const name of names) {
    const file = join(imagesDir, `${name}.jpg`)
    const info = await sharp(await renderToJpeg(name)).toFile(file)
    process.stdout.write(
      `${name}.jpg ${info.width}×${info.height} ${Math.round(info.size / 1024)} KB\n`,
    )
  }
}
