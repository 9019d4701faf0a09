import {mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import sharp from 'sharp'

/** A fresh temporary data directory; call the returned function to remove it. */
export async function tempDataDir(): Promise<{dataDir: string; cleanup: () => Promise<void>}> {
  const dataDir = await mkdtemp(join(tmpdir(), 'lake-assets-'))
  return {dataDir, cleanup: () => rm(dataDir, {recursive: true, force: true})}
}

/** A real image: left half red, right half blue, so crops and flips can be checked by colour. */
export async function twoToneImage(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'webp' = 'png',
): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3
      if (x < width / 2) pixels[offset] = 255
      else pixels[offset + 2] = 255
    }
  }
  return sharp(pixels, {raw: {width, height, channels: 3}})
    .toFormat(format)
    .toBuffer()
}

/** The RGB colour of one pixel of an encoded image. */
export async function pixelAt(
  image: Buffer,
  x: number,
  y: number,
): Promise<[number, number, number]> {
  const {data, info} = await sharp(image).removeAlpha().raw().toBuffer({resolveWithObject: true})
  const offset = (y * info.width + x) * info.channels
  return [data[offset] ?? -1, data[offset + 1] ?? -1, data[offset + 2] ?? -1]
}

export const svgImage = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="60" viewBox="0 0 120 60">' +
    '<rect width="60" height="60" fill="#ff0000"/><rect x="60" width="60" height="60" fill="#0000ff"/></svg>',
)
