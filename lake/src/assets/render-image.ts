import {createHash} from 'node:crypto'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'

import sharp, {type Sharp} from 'sharp'

import {LakeError} from '../store/types.ts'
import {
  ASSET_SECURITY_HEADERS,
  IMMUTABLE_CACHE_CONTROL,
  attachment,
  etagMatches,
  type AssetResponse,
} from './asset-response.ts'
import {readAssetBlob, variantDir, writeFileAtomic} from './asset-storage.ts'
import {
  MAX_DIMENSION,
  changesPixels,
  parseImageQuery,
  type ImageParams,
  type OutputFormat,
  type Rgba,
} from './image-params.ts'
import {mimeTypeForExtension} from './mime-types.ts'
import {variantCache} from './variant-cache.ts'

export type {AssetResponse}

const IMAGE_FILE_NAME = /^([a-f0-9]{40})-(\d+)x(\d+)\.([a-z0-9]+)$/

/** What one render may cost here: a size, a time and a number at once (hosted's limits are no looser). */
export const RENDER_LIMITS = {
  /** Output pixels (width × height × dpr²): 4096 × 4096. */
  maxOutputPixels: 4096 * 4096,
  seconds: 10,
  /** Renders at once: one per core of the project's machine, each on one libvips thread. */
  concurrent: 2,
  /** Renders waiting for a turn; beyond that the lake answers 503 at once instead of piling up. */
  waiting: 16,
}
export const DEFAULT_VARIANT_CACHE_BYTES = 256 * 1024 * 1024

// One libvips thread per render, so two renders use two cores and no more; a small operation cache.
sharp.concurrency(1)
sharp.cache({memory: 64, files: 0, items: 100})

export interface RenderImageOptions {
  dataDir: string
  /** Most bytes of rendered variants kept on disk (least recently used go first). */
  cacheBytes?: number | undefined
  dataset: string
  /** The last path segment, `<sha1>-<width>x<height>.<ext>` (strip any vanity name first). */
  fileName: string
  query: URLSearchParams
  /** The request's Accept header, used by `auto=format`. */
  accept?: string | undefined
  /** The request's If-None-Match header; a match gets a 304 without rendering. */
  ifNoneMatch?: string | undefined
}

/**
 * Serves `/images/:projectId/:dataset/:sha1-:wx:h.:ext` with the Sanity image API parameters
 * (`w`, `h`, `fit`, `crop`, `rect`, `fm`, `auto=format`, `dpr`, …). Rendered variants are cached on
 * disk beside the original, keyed by a hash of the normalised parameters. Throws a LakeError 404
 * for an unknown image or a name whose dimensions do not match it, 400 for bad parameters.
 */
export async function renderImage(options: RenderImageOptions): Promise<AssetResponse> {
  const match = IMAGE_FILE_NAME.exec(options.fileName)
  if (!match) throw notFound(options.fileName)
  const [, sha1, width, height, extension] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ]
  // `fm=json` describes the image instead (Sanity's importer probes asset URLs with it).
  if (options.query.get('fm') === 'json') return describeImage(options, sha1, extension)
  const {params, download} = parseImageQuery(options.query)

  const sourceFormat = extension === 'jpeg' ? 'jpg' : extension
  const isSvg = sourceFormat === 'svg'
  const explicitFormat = params.fm
  const negotiated =
    !explicitFormat && params.autoFormat ? negotiateFormat(options.accept) : undefined
  // SVG is served untouched unless pixels or an explicit format are asked for: every browser
  // shows SVG, and rasterising would only lose quality.
  const passThrough =
    !changesPixels(params) && !explicitFormat && (isSvg || (!negotiated && params.q === undefined))
  const outputFormat: OutputFormat | 'svg' | 'original' = passThrough
    ? 'original'
    : (explicitFormat ?? negotiated ?? defaultOutputFormat(sourceFormat))
  const vary = !explicitFormat && params.autoFormat && !isSvg ? {Vary: 'Accept'} : undefined

  const key = createHash('sha1')
    .update(JSON.stringify([options.fileName, outputFormat, params, passThrough]))
    .digest('hex')
  const etag = `"${key.slice(0, 32)}"`
  const outputExtension =
    outputFormat === 'original' ? sourceFormat : outputFormat === 'pjpg' ? 'jpg' : outputFormat
  const headers: Record<string, string> = {
    'Content-Type': mimeTypeForExtension(outputExtension) ?? 'application/octet-stream',
    'Cache-Control': IMMUTABLE_CACHE_CONTROL,
    'ETag': etag,
    ...ASSET_SECURITY_HEADERS,
    ...vary,
    ...(download === undefined
      ? {}
      : {
          'Content-Disposition': attachment(
            download || `${sha1}-${width}x${height}.${outputExtension}`,
          ),
        }),
  }

  const source = await readAssetBlob({
    dataDir: options.dataDir,
    dataset: options.dataset,
    sha1,
    extension,
  })
  if (!source) throw notFound(options.fileName)
  const dimensions = await sourceDimensions(sha1, extension, source)
  if (dimensions.width !== Number(width) || dimensions.height !== Number(height)) {
    throw notFound(options.fileName)
  }
  if (etagMatches(options.ifNoneMatch, etag)) {
    return {status: 304, headers, body: Buffer.alloc(0)}
  }
  if (passThrough) return {status: 200, headers, body: source}
  const pixels = outputPixels(params, dimensions)
  if (pixels > RENDER_LIMITS.maxOutputPixels) {
    throw new LakeError(
      400,
      'invalidImageParameter',
      `The requested image would have ${Math.round(pixels / 1e6)} megapixels; the most this renders is ${Math.round(RENDER_LIMITS.maxOutputPixels / 1e6)}`,
    )
  }

  const cachePath = join(
    variantDir(options.dataDir, options.dataset, sha1),
    `${key}.${outputExtension}`,
  )
  const cache = variantCache(options.dataDir, options.cacheBytes ?? DEFAULT_VARIANT_CACHE_BYTES)
  const cached = await readFile(cachePath).catch(() => undefined)
  if (cached) {
    cache.touch(cachePath)
    return {status: 200, headers, body: cached}
  }

  // Identical concurrent requests share one render.
  let pending = inFlight.get(cachePath)
  if (!pending) {
    pending = inTurn(() => transform(source, dimensions, params, outputFormat as OutputFormat, isSvg))
      .then(async (body) => {
        await writeFileAtomic(cachePath, body)
        await cache.added(cachePath, body.byteLength)
        return body
      })
      .finally(() => inFlight.delete(cachePath))
    inFlight.set(cachePath, pending)
  }
  return {status: 200, headers, body: await pending}
}

/** At most the output's pixels (fit modes only ever make it smaller), padding and dpr included. */
function outputPixels(params: ImageParams, source: Size): number {
  const aspect = source.width / source.height
  let width = params.w ?? (params.h ? params.h * aspect : source.width)
  let height = params.h ?? (params.w ? params.w / aspect : source.height)
  if (params.rect && !params.w && !params.h) ({width, height} = params.rect)
  const dpr = params.dpr ?? 1
  const pad = 2 * (params.pad ?? 0)
  return (width * dpr + pad) * (height * dpr + pad)
}

let rendering = 0
const queue: (() => void)[] = []

/** Runs a render when one of the `concurrent` turns is free; refuses at once when too many wait. */
async function inTurn<T>(render: () => Promise<T>): Promise<T> {
  if (rendering >= RENDER_LIMITS.concurrent) {
    if (queue.length >= RENDER_LIMITS.waiting) throw busy('The image renderer is busy; try again in a moment')
    await new Promise<void>((resolve) => queue.push(resolve))
  } else {
    rendering++
  }
  try {
    return await render()
  } catch (error) {
    if (/timeout/i.test((error as Error).message)) throw busy('The image took too long to render; try again later or ask for a smaller one')
    throw error
  } finally {
    const next = queue.shift()
    if (next) next()
    else rendering--
  }
}

function busy(message: string): LakeError {
  const error = new LakeError(503, 'imageRendererBusy', message)
  error.retryAfterSeconds = 5
  return error
}

async function describeImage(
  options: RenderImageOptions,
  sha1: string,
  extension: string,
): Promise<AssetResponse> {
  const source = await readAssetBlob({
    dataDir: options.dataDir,
    dataset: options.dataset,
    sha1,
    extension,
  })
  if (!source) throw notFound(options.fileName)
  const dimensions = await sourceDimensions(sha1, extension, source)
  if (options.fileName !== `${sha1}-${dimensions.width}x${dimensions.height}.${extension}`) {
    throw notFound(options.fileName)
  }
  const body = Buffer.from(
    JSON.stringify({
      'Content-Type': mimeTypeForExtension(extension) ?? 'application/octet-stream',
      'Content-Length': source.byteLength,
      'PixelWidth': dimensions.width,
      'PixelHeight': dimensions.height,
    }),
  )
  return {
    status: 200,
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': IMMUTABLE_CACHE_CONTROL,
      'ETag': `"${sha1}-json"`,
    },
    body,
  }
}

const inFlight = new Map<string, Promise<Buffer>>()
const dimensionCache = new Map<string, {width: number; height: number}>()

async function sourceDimensions(sha1: string, extension: string, source: Buffer) {
  const cacheKey = `${sha1}.${extension}`
  const known = dimensionCache.get(cacheKey)
  if (known) return known
  const metadata = await sharp(source).metadata()
  const dimensions = {
    width: metadata.autoOrient?.width ?? metadata.width,
    height: metadata.autoOrient?.height ?? metadata.height,
  }
  // Blobs are content-addressed and never change, so this cache needs no invalidation.
  if (dimensionCache.size > 10_000) dimensionCache.clear()
  dimensionCache.set(cacheKey, dimensions)
  return dimensions
}

function notFound(fileName: string): LakeError {
  return new LakeError(404, 'notFound', `Image "${fileName}" not found`)
}

/** AVIF when the browser takes it, else WebP, else undefined (keep the original format). */
export function negotiateFormat(accept: string | undefined): 'avif' | 'webp' | undefined {
  if (!accept) return undefined
  const types = accept
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, ...rest]) => !rest.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
    .map(([type]) => type?.trim().toLowerCase())
  if (types.includes('image/avif')) return 'avif'
  if (types.includes('image/webp')) return 'webp'
  return undefined
}

function defaultOutputFormat(source: string): OutputFormat {
  // Browsers cannot show TIFF, and SVG is rasterised only on request, so both become PNG.
  if (
    source === 'jpg' ||
    source === 'png' ||
    source === 'webp' ||
    source === 'avif' ||
    source === 'gif'
  ) {
    return source
  }
  return 'png'
}

interface Size {
  width: number
  height: number
}

/**
 * A Gaussian blur costs pixels × sigma. Past a sigma of 8 the image is blurred at a fraction of its
 * size and scaled back up, which looks the same (the detail is gone anyway) at a bounded cost.
 */
async function blurred(image: Sharp, sigma: number): Promise<Sharp> {
  const CHEAP_SIGMA = 8
  if (sigma <= CHEAP_SIGMA) return image.blur(sigma)
  const {data, info} = await image.raw().toBuffer({resolveWithObject: true})
  const factor = sigma / CHEAP_SIGMA
  const small = {width: Math.max(1, Math.round(info.width / factor)), height: Math.max(1, Math.round(info.height / factor))}
  const raw = {raw: {width: info.width, height: info.height, channels: info.channels}}
  const blurredSmall = await sharp(data, raw).resize(small.width, small.height, {fit: 'fill'}).blur(CHEAP_SIGMA).raw().toBuffer({resolveWithObject: true})
  return sharp(blurredSmall.data, {raw: {width: small.width, height: small.height, channels: blurredSmall.info.channels}})
    .resize(info.width, info.height, {fit: 'fill'})
}

async function transform(
  source: Buffer,
  dimensions: Size,
  params: ImageParams,
  format: OutputFormat,
  isSvg: boolean,
): Promise<Buffer> {
  const dpr = params.dpr ?? 1
  // Rasterise SVG at a density that makes the requested size sharp rather than upscaled.
  const requestedScale = Math.max(
    ((params.w ?? 0) * dpr) / dimensions.width,
    ((params.h ?? 0) * dpr) / dimensions.height,
    1,
  )
  const input = sharp(source, {
    failOn: 'none',
    ...(isSvg ? {density: Math.min(72 * requestedScale, 72 * 16)} : {}),
  })

  // Stage one: orient, cut out `rect`, rotate and flip, so stage two can size the result.
  let stage = input.autoOrient()
  if (params.rect) {
    const base = isSvg ? scaledSize(dimensions, requestedScale) : dimensions
    const factor = base.width / dimensions.width
    const left = Math.min(params.rect.left, dimensions.width - 1)
    const top = Math.min(params.rect.top, dimensions.height - 1)
    const width = Math.min(params.rect.width, dimensions.width - left)
    const height = Math.min(params.rect.height, dimensions.height - top)
    stage = stage.extract({
      left: Math.round(left * factor),
      top: Math.round(top * factor),
      width: Math.max(1, Math.round(width * factor)),
      height: Math.max(1, Math.round(height * factor)),
    })
  }
  const {data, info} = await stage.raw().toBuffer({resolveWithObject: true})
  let image = sharp(data, {raw: {width: info.width, height: info.height, channels: info.channels}})
  let size: Size = {width: info.width, height: info.height}
  if (isSvg) {
    // Sizes are in the SVG's own units; the raster is `requestedScale` times larger.
    size = {width: info.width / requestedScale, height: info.height / requestedScale}
  }
  if (params.or) {
    const rotated = await image.rotate(params.or).raw().toBuffer({resolveWithObject: true})
    image = sharp(rotated.data, {
      raw: {
        width: rotated.info.width,
        height: rotated.info.height,
        channels: rotated.info.channels,
      },
    })
    if (params.or !== 180) size = {width: size.height, height: size.width}
  }
  if (params.flipH) image = image.flop()
  if (params.flipV) image = image.flip()

  image = resize(image, size, params)
  if (params.pad) {
    image = sharp(await image.png().toBuffer()).extend({
      top: params.pad,
      bottom: params.pad,
      left: params.pad,
      right: params.pad,
      background: background(params.bg),
    })
  }
  if (params.blur) image = await blurred(image, Math.min(0.3 + params.blur / 10, 200))
  if (params.sharp) image = image.sharpen({sigma: 0.5 + params.sharp / 25})
  if (params.sat) image = image.modulate({saturation: 1 + params.sat / 100})
  if (params.invert) image = image.negate({alpha: false})
  if (params.bg && format !== 'jpg' && format !== 'pjpg')
    image = image.flatten({background: rgbaToRgb(params.bg)})

  // libvips stops a render that runs past its budget; the caller gets a 503 instead of a stuck core.
  image = image.timeout({seconds: RENDER_LIMITS.seconds})
  const quality = params.q ?? 75
  switch (format) {
    case 'jpg':
    case 'pjpg':
      return image
        .flatten({background: params.bg ? rgbaToRgb(params.bg) : '#ffffff'})
        .jpeg({quality: Math.max(1, quality), progressive: format === 'pjpg'})
        .toBuffer()
    case 'png':
      return image.png().toBuffer()
    case 'webp':
      return image.webp({quality: Math.max(1, quality)}).toBuffer()
    case 'avif':
      // Effort 2 keeps AVIF encoding fast enough for on-the-fly use on a small machine.
      return image.avif({quality: Math.max(1, quality), effort: 2}).toBuffer()
    case 'gif':
      return image.gif().toBuffer()
    case 'tiff':
      return image.png().toBuffer()
  }
}

function scaledSize(size: Size, scale: number): Size {
  return {width: Math.round(size.width * scale), height: Math.round(size.height * scale)}
}

function background(bg: Rgba | undefined) {
  return bg ?? {r: 0, g: 0, b: 0, alpha: 0}
}

function rgbaToRgb(bg: Rgba) {
  return {r: bg.r, g: bg.g, b: bg.b}
}

/**
 * The output box and how the image fills it, following the Sanity (imgix) fit modes. `size`
 * is the logical size of the input (for SVG, its own units); the pipeline itself may hold a
 * larger raster, so the resize always names absolute output pixels.
 */
function resize(image: Sharp, size: Size, params: ImageParams): Sharp {
  const dpr = params.dpr ?? 1
  const aspect = size.width / size.height
  let boxW = params.w === undefined ? undefined : Math.round(params.w * dpr)
  let boxH = params.h === undefined ? undefined : Math.round(params.h * dpr)
  const fit = params.fit ?? 'clip'
  const hasBox = boxW !== undefined || boxH !== undefined

  if (boxW === undefined && boxH === undefined) {
    boxW = Math.round(size.width)
    boxH = Math.round(size.height)
  } else if (boxW === undefined) {
    boxW = Math.max(1, Math.round(boxH! * aspect))
  } else if (boxH === undefined) {
    boxH = Math.max(1, Math.round(boxW / aspect))
  }
  let width = boxW
  let height = boxH!

  // With both sides given, clip and max keep the aspect ratio inside the box.
  if (hasBox && (fit === 'clip' || fit === 'max')) {
    let scale = Math.min(width / size.width, height / size.height)
    if (fit === 'max') scale = Math.min(scale, 1)
    width = Math.max(1, Math.round(size.width * scale))
    height = Math.max(1, Math.round(size.height * scale))
  }
  if (fit === 'min') {
    // Crop to the box's aspect ratio but never upscale.
    const shrink = Math.min(1, size.width / width, size.height / height)
    width = Math.max(1, Math.round(width * shrink))
    height = Math.max(1, Math.round(height * shrink))
  }

  // max-*/min-* bound the final size, keeping its aspect ratio.
  const bound = (scale: number) => {
    width = Math.max(1, Math.round(width * scale))
    height = Math.max(1, Math.round(height * scale))
  }
  if (params.maxW && width > params.maxW * dpr) bound((params.maxW * dpr) / width)
  if (params.maxH && height > params.maxH * dpr) bound((params.maxH * dpr) / height)
  if (params.minW && width < params.minW * dpr) bound((params.minW * dpr) / width)
  if (params.minH && height < params.minH * dpr) bound((params.minH * dpr) / height)
  // dpr and min-* can push past the cap that w and h respect; keep memory use bounded.
  if (width > MAX_DIMENSION || height > MAX_DIMENSION)
    bound(MAX_DIMENSION / Math.max(width, height))

  switch (fit) {
    case 'scale':
      return image.resize(width, height, {fit: 'fill'})
    case 'fill':
      return image.resize(width, height, {fit: 'contain', background: background(params.bg)})
    case 'fillmax': {
      const scale = Math.min(1, width / size.width, height / size.height)
      const innerW = Math.max(1, Math.round(size.width * scale))
      const innerH = Math.max(1, Math.round(size.height * scale))
      const left = Math.floor((width - innerW) / 2)
      const top = Math.floor((height - innerH) / 2)
      return image.resize(innerW, innerH, {fit: 'fill'}).extend({
        left,
        right: width - innerW - left,
        top,
        bottom: height - innerH - top,
        background: background(params.bg),
      })
    }
    case 'crop':
    case 'min':
      return cropTo(image, size, width, height, params)
    default:
      return image.resize(width, height, {fit: 'fill'})
  }
}

function cropTo(image: Sharp, size: Size, width: number, height: number, params: ImageParams) {
  const modes = params.crop ?? []
  if (modes.includes('entropy')) {
    return image.resize(width, height, {fit: 'cover', position: sharp.strategy.entropy})
  }
  // A focal point (or an explicit fp-x/fp-y) positions the crop window around that point.
  if (modes.includes('focalpoint') || params.fpX !== undefined || params.fpY !== undefined) {
    const scale = Math.max(width / size.width, height / size.height)
    const scaledW = Math.max(width, Math.round(size.width * scale))
    const scaledH = Math.max(height, Math.round(size.height * scale))
    const fpX = params.fpX ?? 0.5
    const fpY = params.fpY ?? 0.5
    const left = clamp(Math.round(fpX * scaledW - width / 2), 0, scaledW - width)
    const top = clamp(Math.round(fpY * scaledH - height / 2), 0, scaledH - height)
    return image.resize(scaledW, scaledH, {fit: 'fill'}).extract({left, top, width, height})
  }
  const vertical = modes.includes('top') ? 'top' : modes.includes('bottom') ? 'bottom' : ''
  const horizontal = modes.includes('left') ? 'left' : modes.includes('right') ? 'right' : ''
  const position = [horizontal, vertical].filter(Boolean).join(' ') || 'centre'
  return image.resize(width, height, {fit: 'cover', position})
}

function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(max, value))
}
