import {createImageUrlBuilder} from '@sanity/image-url'

import {publicEnv} from './env'
import type {SanityImageSource} from './image-fields'

/**
 * Image URLs for the image pipeline of the Content Lake (`<apiHost>/images/<project>/<dataset>/…`). The base URL is
 * set explicitly: the builder would otherwise derive a CDN host only valid for Sanity's hosted API.
 */
const builder = createImageUrlBuilder({
  projectId: publicEnv.sanity.projectId,
  dataset: publicEnv.sanity.dataset,
  baseUrl: publicEnv.sanity.apiHost,
})

export const urlFor = (source: SanityImageSource) =>
  builder.image(source as Parameters<typeof builder.image>[0])

/** Pixel size of the asset after the editor's crop, read from the asset id `image-<hash>-<w>x<h>-<ext>`. */
export function imageDimensions(source: SanityImageSource): {width: number; height: number} | null {
  const match = /-(\d+)x(\d+)-[a-z0-9]+$/i.exec(source.asset?._ref ?? '')
  if (!match) return null
  const crop = source.crop ?? {top: 0, bottom: 0, left: 0, right: 0}
  const width = Math.round(Number(match[1]) * (1 - crop.left - crop.right))
  const height = Math.round(Number(match[2]) * (1 - crop.top - crop.bottom))
  return width > 0 && height > 0 ? {width, height} : null
}

export const SRCSET_WIDTHS = [320, 480, 640, 800, 1080, 1280, 1600, 1920] as const
