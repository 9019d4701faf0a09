import {publicEnv} from './env'
import type {SanityImageSource} from './image-fields'

/**
 * Image URLs for the image pipeline of the Content Lake (`<apiHost>/images/<project>/<dataset>/…`), the same URLs
 * `@sanity/image-url`'s builder writes for the few settings the site uses (its order of parameters too, so a
 * cached image keeps its address). Not the builder itself: it is 2.9 KB brotli of every page's first load, most
 * of it settings and source shapes the site never uses, where this is a few hundred bytes
 * (`image-url.test.ts` holds the two to the same answers).
 */
export type ImageUrlOptions = {
  width: number
  /** With `fit: 'crop'`: the shape is forced, cropping within the editor's crop around their hotspot. */
  height?: number
  fit?: 'crop'
  quality?: number
  auto?: 'format'
}

type Rect = {left: number; top: number; width: number; height: number}

/** The asset id `image-<hash>-<w>x<h>-<ext>`, read as the builder reads it. */
function parseAssetRef(ref: string) {
  const [, id, size = '', format] = ref.split('-')
  const [width, height] = size.split('x').map(Number)
  if (!id || !format || !Number.isFinite(width) || !Number.isFinite(height))
    throw new Error(`Malformed image asset reference '${ref}'`)
  return {id, width: width!, height: height!, format}
}

/** Pixel size of the asset after the editor's crop, read from the asset id `image-<hash>-<w>x<h>-<ext>`. */
export function imageDimensions(source: SanityImageSource): {width: number; height: number} | null {
  const match = /-(\d+)x(\d+)-[a-z0-9]+$/i.exec(source.asset?._ref ?? '')
  if (!match) return null
  const crop = source.crop ?? {top: 0, bottom: 0, left: 0, right: 0}
  const width = Math.round(Number(match[1]) * (1 - crop.left - crop.right))
  const height = Math.round(Number(match[2]) * (1 - crop.top - crop.bottom))
  return width > 0 && height > 0 ? {width, height} : null
}

/**
 * The part of the asset to show: the editor's crop, and for a forced shape the largest rectangle of that shape
 * within it, centred on the hotspot as far as the crop allows.
 */
function sourceRect(
  source: SanityImageSource,
  asset: {width: number; height: number},
  shape?: number,
) {
  const crop = source.crop ?? {left: 0, top: 0, right: 0, bottom: 0}
  const hotspot = source.hotspot ?? {x: 0.5, y: 0.5, width: 1, height: 1}
  const left = Math.round(crop.left * asset.width)
  const top = Math.round(crop.top * asset.height)
  const cropped: Rect = {
    left,
    top,
    width: Math.round(asset.width - crop.right * asset.width - left),
    height: Math.round(asset.height - crop.bottom * asset.height - top),
  }
  if (!shape) return cropped
  // The hotspot's centre in pixels, rounded as the builder rounds it (from its edges, not its centre).
  const centre = (at: number, extent: number, size: number) => {
    const from = at * size - (extent * size) / 2
    return Math.round((at * size + (extent * size) / 2 - from) / 2 + from)
  }
  // Moves a cut of `length` centred on `middle` to lie within the crop, from `start` for `span`.
  const within = (middle: number, length: number, start: number, span: number) => {
    const at = Math.max(0, Math.round(middle - length / 2))
    return at < start ? start : at + length > start + span ? start + span - length : at
  }
  if (cropped.width / cropped.height > shape) {
    // Wider than the shape: cut from the sides.
    const height = cropped.height
    const width = Math.round(height * shape)
    const middle = centre(hotspot.x, hotspot.width, asset.width)
    return {
      left: within(middle, width, cropped.left, cropped.width),
      top: Math.max(0, cropped.top),
      width,
      height,
    }
  }
  // Taller than the shape: cut from the top and bottom.
  const width = cropped.width
  const height = Math.round(width / shape)
  const middle = centre(hotspot.y, hotspot.height, asset.height)
  return {
    left: Math.max(0, cropped.left),
    top: within(middle, height, cropped.top, cropped.height),
    width,
    height,
  }
}

export function imageUrl(source: SanityImageSource, options: ImageUrlOptions): string {
  const {projectId, dataset, apiHost} = publicEnv.sanity
  const asset = parseAssetRef(source.asset?._ref ?? '')
  const {width, height, fit, quality, auto} = options
  const rect = sourceRect(source, asset, width && height ? width / height : undefined)
  const params: string[] = []
  if (
    rect.left !== 0 ||
    rect.top !== 0 ||
    rect.width !== asset.width ||
    rect.height !== asset.height
  )
    params.push(`rect=${rect.left},${rect.top},${rect.width},${rect.height}`)
  for (const [name, value] of [
    ['w', width],
    ['h', height],
    ['q', quality],
    ['fit', fit],
    ['auto', auto],
  ] as const) {
    if (value !== undefined) params.push(`${name}=${encodeURIComponent(value)}`)
  }
  const file = `${asset.id}-${asset.width}x${asset.height}.${asset.format}`
  const base = `${apiHost}/images/${projectId}/${dataset}/${file}`
  return params.length > 0 ? `${base}?${params.join('&')}` : base
}

export const SRCSET_WIDTHS = [320, 480, 640, 800, 1080, 1280, 1600, 1920] as const
