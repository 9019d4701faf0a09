import {createImageUrlBuilder} from '@sanity/image-url'
import {describe, expect, it} from 'vitest'

import {publicEnv} from './env'
import type {SanityImageSource} from './image-fields'
import {imageUrl, type ImageUrlOptions} from './image-url'

// The site writes its image URLs itself; they must stay the URLs Sanity's own builder writes for the same image
// and settings, or the image pipeline would crop differently from the studio's preview and cached images would
// change address.
const builder = createImageUrlBuilder({
  projectId: publicEnv.sanity.projectId,
  dataset: publicEnv.sanity.dataset,
  baseUrl: publicEnv.sanity.apiHost,
})

function sanityUrl(
  source: SanityImageSource,
  {width, height, fit, quality, auto}: ImageUrlOptions,
) {
  let image = builder.image(source as Parameters<typeof builder.image>[0]).width(width)
  if (height !== undefined) image = image.height(height)
  if (fit) image = image.fit(fit)
  if (quality !== undefined) image = image.quality(quality)
  if (auto) image = image.auto(auto)
  return image.url()
}

const REF = 'image-4f1c2b9e0d6a7f3e8c5b1a2d9e0f7c6b5a4d3e2f-2400x1600-jpg'

/** A small seeded generator, so that a failing case is the same case on every run. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648
    return seed / 2_147_483_648
  }
}

describe('imageUrl', () => {
  it('writes the address and the settings the site uses', () => {
    expect(imageUrl({asset: {_ref: REF}}, {width: 640, quality: 75, auto: 'format'})).toBe(
      `${publicEnv.sanity.apiHost}/images/${publicEnv.sanity.projectId}/${publicEnv.sanity.dataset}/4f1c2b9e0d6a7f3e8c5b1a2d9e0f7c6b5a4d3e2f-2400x1600.jpg?w=640&q=75&auto=format`,
    )
  })

  it('crops a forced shape around the hotspot, within the editor’s crop', () => {
    const image = {
      asset: {_ref: REF},
      crop: {top: 0, bottom: 0, left: 0.1, right: 0},
      hotspot: {x: 0.9, y: 0.5, width: 0.1, height: 0.1},
    }
    // 2160 × 1600 after the crop; a square of 1600 as far right as the crop allows.
    expect(imageUrl(image, {width: 400, height: 400, fit: 'crop'})).toMatch(
      /\?rect=800,0,1600,1600&w=400&h=400&fit=crop$/,
    )
  })

  it('gives the URLs Sanity’s builder gives, for any crop, hotspot and shape', () => {
    const next = random(20_261_126)
    const cases: [SanityImageSource, ImageUrlOptions][] = [
      [{asset: {_ref: REF}}, {width: 1200}],
      [{asset: {_ref: REF}}, {width: 1200, height: 630, fit: 'crop'}],
      [
        {asset: {_ref: REF}, crop: null, hotspot: null},
        {width: 800, height: 1200, fit: 'crop'},
      ],
      [{asset: {_ref: 'image-abc-333x777-png'}}, {width: 320, height: 240, fit: 'crop'}],
    ]
    for (let index = 0; index < 400; index++) {
      const [assetWidth, assetHeight] = [
        200 + Math.floor(next() * 4000),
        200 + Math.floor(next() * 4000),
      ]
      const left = next() * 0.4
      const top = next() * 0.4
      const hotspotWidth = 0.05 + next() * 0.9
      const hotspotHeight = 0.05 + next() * 0.9
      const image: SanityImageSource = {
        asset: {
          _ref: `image-a1b2c3d4e5-${assetWidth}x${assetHeight}-${next() < 0.5 ? 'jpg' : 'webp'}`,
        },
        crop: next() < 0.2 ? null : {left, top, right: next() * 0.4, bottom: next() * 0.4},
        hotspot:
          next() < 0.2 ? null : {x: next(), y: next(), width: hotspotWidth, height: hotspotHeight},
      }
      const width = 100 + Math.floor(next() * 1900)
      const shape = next() < 0.25 ? undefined : 0.3 + next() * 3
      cases.push([
        image,
        {
          width,
          ...(shape ? {height: Math.round(width / shape), fit: 'crop' as const} : {}),
          ...(next() < 0.7 ? {quality: 75, auto: 'format' as const} : {}),
        },
      ])
    }
    for (const [image, options] of cases)
      expect(imageUrl(image, options), JSON.stringify({image, options})).toBe(
        sanityUrl(image, options),
      )
  })

  it('refuses an asset reference that names no image size', () => {
    expect(() => imageUrl({asset: {_ref: 'image-abc-jpg'}}, {width: 100})).toThrow(
      "Malformed image asset reference 'image-abc-jpg'",
    )
  })
})
