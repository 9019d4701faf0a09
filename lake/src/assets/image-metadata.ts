import sharp, {type Metadata} from 'sharp'

import {LakeError} from '../store/types.ts'

/** The image formats the lake accepts, keyed by what sharp reports, with Sanity's extension. */
const FORMATS: Record<string, {extension: string; mimeType: string}> = {
  jpeg: {extension: 'jpg', mimeType: 'image/jpeg'},
  png: {extension: 'png', mimeType: 'image/png'},
  webp: {extension: 'webp', mimeType: 'image/webp'},
  gif: {extension: 'gif', mimeType: 'image/gif'},
  svg: {extension: 'svg', mimeType: 'image/svg+xml'},
  tiff: {extension: 'tiff', mimeType: 'image/tiff'},
  avif: {extension: 'avif', mimeType: 'image/avif'},
}

/** Metadata kinds the upload `meta` parameter may name (Sanity rejects anything else). */
export const KNOWN_META = ['lqip', 'palette', 'blurhash', 'exif', 'location', 'image', 'none']

/** Sanity extracts these when the uploader does not say otherwise. */
export const DEFAULT_META = ['lqip', 'palette', 'blurhash']

export interface ImageInfo {
  extension: string
  mimeType: string
  width: number
  height: number
  hasAlpha: boolean
}

/**
 * Decodes the header of an image and returns what the asset document needs. Dimensions are
 * after EXIF orientation, as browsers display the image and as Sanity reports them.
 */
export async function probeImage(bytes: Uint8Array): Promise<ImageInfo> {
  let metadata: Metadata
  try {
    metadata = await sharp(bytes, {failOn: 'error'}).metadata()
  } catch (error) {
    throw new LakeError(
      400,
      'invalidImage',
      `Invalid image, could not read metadata: ${errorText(error)}`,
    )
  }
  // sharp reports AVIF and HEIC alike as `heif`; only AV1-compressed HEIF is AVIF.
  const key =
    metadata.format === 'heif'
      ? metadata.compression === 'av1'
        ? 'avif'
        : 'heic'
      : metadata.format
  const format = key ? FORMATS[key] : undefined
  if (!format) {
    throw new LakeError(
      400,
      'unsupportedImageFormat',
      `Unsupported image format "${key ?? 'unknown'}"; use JPEG, PNG, WebP, AVIF, GIF, SVG or TIFF`,
    )
  }
  const width = metadata.autoOrient?.width ?? metadata.width
  const height = metadata.autoOrient?.height ?? metadata.height
  if (!width || !height) {
    throw new LakeError(400, 'invalidImage', 'Invalid image, could not read its dimensions')
  }
  // Decode the whole image once: a truncated file can have a valid header.
  try {
    await sharp(bytes, {failOn: 'error'}).raw().toBuffer()
  } catch (error) {
    throw new LakeError(
      400,
      'invalidImage',
      `Invalid image, could not decode it: ${errorText(error)}`,
    )
  }
  return {...format, width, height, hasAlpha: Boolean(metadata.hasAlpha)}
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export async function isOpaque(bytes: Uint8Array): Promise<boolean> {
  const stats = await sharp(bytes).stats()
  return stats.isOpaque
}

/**
 * A low-quality image placeholder: the image 20 pixels wide as a base64 data URL, JPEG when
 * opaque and PNG when it has transparency, as Sanity serves it.
 */
export async function createLqip(bytes: Uint8Array, opaque: boolean): Promise<string> {
  const pipeline = sharp(bytes).autoOrient().resize({width: 20})
  const output = opaque
    ? await pipeline.flatten({background: '#ffffff'}).jpeg({quality: 60}).toBuffer()
    : await pipeline.png().toBuffer()
  return `data:image/${opaque ? 'jpeg' : 'png'};base64,${output.toString('base64')}`
}

export interface PaletteSwatch {
  _type: 'sanity.imagePaletteSwatch'
  background: string
  foreground: string
  title: string
  population: number
}

export type ImagePalette = {_type: 'sanity.imagePalette'} & Partial<
  Record<
    'dominant' | 'vibrant' | 'darkVibrant' | 'lightVibrant' | 'muted' | 'darkMuted' | 'lightMuted',
    PaletteSwatch
  >
>

interface Colour {
  r: number
  g: number
  b: number
  count: number
  hue: number
  saturation: number
  lightness: number
}

// Targets of node-vibrant's default generator, which Sanity's palette follows.
const TARGETS = {
  vibrant: {luma: [0.3, 0.5, 0.7], sat: [0.35, 1, 1]},
  lightVibrant: {luma: [0.55, 0.74, 1], sat: [0.35, 1, 1]},
  darkVibrant: {luma: [0, 0.26, 0.45], sat: [0.35, 1, 1]},
  muted: {luma: [0.3, 0.5, 0.7], sat: [0, 0.3, 0.4]},
  lightMuted: {luma: [0.55, 0.74, 1], sat: [0, 0.3, 0.4]},
  darkMuted: {luma: [0, 0.26, 0.45], sat: [0, 0.3, 0.4]},
} as const

/**
 * A colour palette in Sanity's shape. The image is shrunk to 64×64, colours are bucketed to
 * 5 bits per channel, and each swatch picks the bucket that best fits its lightness and
 * saturation target, weighted by how much of the image it covers.
 */
export async function createPalette(bytes: Uint8Array): Promise<ImagePalette> {
  const {data, info} = await sharp(bytes)
    .autoOrient()
    .resize(64, 64, {fit: 'inside'})
    .flatten({background: '#ffffff'})
    .removeAlpha()
    .raw()
    .toBuffer({resolveWithObject: true})
  const buckets = new Map<number, {r: number; g: number; b: number; count: number}>()
  for (let i = 0; i < data.length; i += info.channels) {
    const r = data[i] ?? 0
    const g = data[i + 1] ?? 0
    const b = data[i + 2] ?? 0
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3)
    const bucket = buckets.get(key) ?? {r: 0, g: 0, b: 0, count: 0}
    bucket.r += r
    bucket.g += g
    bucket.b += b
    bucket.count++
    buckets.set(key, bucket)
  }
  const total = info.width * info.height
  const colours: Colour[] = [...buckets.values()].map((bucket) => {
    const r = Math.round(bucket.r / bucket.count)
    const g = Math.round(bucket.g / bucket.count)
    const b = Math.round(bucket.b / bucket.count)
    return {r, g, b, count: bucket.count, ...toHsl(r, g, b)}
  })
  colours.sort((a, b) => b.count - a.count)

  const palette: ImagePalette = {_type: 'sanity.imagePalette'}
  const dominant = colours[0]
  if (dominant) palette.dominant = swatch(dominant, total)
  const maxCount = dominant?.count ?? 1
  const used = new Set<Colour>()
  for (const [name, target] of Object.entries(TARGETS)) {
    let best: Colour | undefined
    let bestScore = -Infinity
    for (const colour of colours) {
      if (used.has(colour)) continue
      const [minLuma, targetLuma, maxLuma] = target.luma
      const [minSat, targetSat, maxSat] = target.sat
      if (colour.lightness < minLuma || colour.lightness > maxLuma) continue
      if (colour.saturation < minSat || colour.saturation > maxSat) continue
      const score =
        3 * (1 - Math.abs(colour.saturation - targetSat)) +
        6 * (1 - Math.abs(colour.lightness - targetLuma)) +
        1 * (colour.count / maxCount)
      if (score > bestScore) {
        best = colour
        bestScore = score
      }
    }
    if (best) {
      used.add(best)
      palette[name as keyof typeof TARGETS] = swatch(best, total)
    }
  }
  return palette
}

function swatch(colour: Colour, total: number): PaletteSwatch {
  const hex = `#${[colour.r, colour.g, colour.b].map((c) => c.toString(16).padStart(2, '0')).join('')}`
  // White text on dark swatches and black on light ones, by relative luminance.
  const text = relativeLuminance(colour) < 0.4 ? '#fff' : '#000'
  return {
    _type: 'sanity.imagePaletteSwatch',
    background: hex,
    foreground: text,
    title: text,
    population: Math.round((colour.count / total) * 10000) / 100,
  }
}

function relativeLuminance({r, g, b}: {r: number; g: number; b: number}): number {
  const channel = (c: number) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

function toHsl(
  r: number,
  g: number,
  b: number,
): {hue: number; saturation: number; lightness: number} {
  const rn = r / 255
  const gn = g / 255
  const bn = b / 255
  const max = Math.max(rn, gn, bn)
  const min = Math.min(rn, gn, bn)
  const lightness = (max + min) / 2
  if (max === min) return {hue: 0, saturation: 0, lightness}
  const d = max - min
  const saturation = lightness > 0.5 ? d / (2 - max - min) : d / (max + min)
  let hue =
    max === rn
      ? (gn - bn) / d + (gn < bn ? 6 : 0)
      : max === gn
        ? (bn - rn) / d + 2
        : (rn - gn) / d + 4
  hue /= 6
  return {hue, saturation, lightness}
}

const BASE83 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~'

/** A BlurHash (https://blurha.sh) of the image with 4×3 components, Sanity's `metadata.blurHash`. */
export async function createBlurHash(bytes: Uint8Array): Promise<string> {
  const {data, info} = await sharp(bytes)
    .autoOrient()
    .resize(32, 32, {fit: 'inside'})
    .flatten({background: '#ffffff'})
    .removeAlpha()
    .raw()
    .toBuffer({resolveWithObject: true})
  const {width, height, channels} = info
  const componentsX = 4
  const componentsY = 3
  const factors: [number, number, number][] = []
  for (let j = 0; j < componentsY; j++) {
    for (let i = 0; i < componentsX; i++) {
      const scale = (i === 0 && j === 0 ? 1 : 2) / (width * height)
      let r = 0
      let g = 0
      let b = 0
      for (let x = 0; x < width; x++) {
        for (let y = 0; y < height; y++) {
          const basis = Math.cos((Math.PI * i * x) / width) * Math.cos((Math.PI * j * y) / height)
          const offset = (y * width + x) * channels
          r += basis * toLinear(data[offset] ?? 0)
          g += basis * toLinear(data[offset + 1] ?? 0)
          b += basis * toLinear(data[offset + 2] ?? 0)
        }
      }
      factors.push([r * scale, g * scale, b * scale])
    }
  }
  const [dc, ...ac] = factors as [[number, number, number], ...[number, number, number][]]
  let hash = base83(componentsX - 1 + (componentsY - 1) * 9, 1)
  const actualMax = Math.max(...ac.flat().map(Math.abs))
  const quantisedMax = Math.floor(Math.max(0, Math.min(82, Math.floor(actualMax * 166 - 0.5))))
  const maxValue = (quantisedMax + 1) / 166
  hash += base83(quantisedMax, 1)
  hash += base83((toSrgb(dc[0]) << 16) + (toSrgb(dc[1]) << 8) + toSrgb(dc[2]), 4)
  for (const [r, g, b] of ac) {
    const quant = (v: number) =>
      Math.floor(Math.max(0, Math.min(18, Math.floor(signPow(v / maxValue, 0.5) * 9 + 9.5))))
    hash += base83(quant(r) * 19 * 19 + quant(g) * 19 + quant(b), 2)
  }
  return hash
}

function base83(value: number, length: number): string {
  let result = ''
  for (let i = 1; i <= length; i++) {
    result += BASE83[Math.floor(value / 83 ** (length - i)) % 83]
  }
  return result
}

function toLinear(value: number): number {
  const v = value / 255
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4
}

function toSrgb(value: number): number {
  const v = Math.max(0, Math.min(1, value))
  return v <= 0.0031308
    ? Math.round(v * 12.92 * 255 + 0.5)
    : Math.round((1.055 * v ** (1 / 2.4) - 0.055) * 255 + 0.5)
}

function signPow(value: number, exponent: number): number {
  return Math.sign(value) * Math.abs(value) ** exponent
}
