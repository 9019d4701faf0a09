import {LakeError} from '../store/types.ts'

export type FitMode = 'clip' | 'crop' | 'fill' | 'fillmax' | 'max' | 'scale' | 'min'
export type OutputFormat = 'jpg' | 'pjpg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff'

const FIT_MODES: FitMode[] = ['clip', 'crop', 'fill', 'fillmax', 'max', 'scale', 'min']
const CROP_MODES = ['top', 'bottom', 'left', 'right', 'center', 'focalpoint', 'entropy']
const FORMATS = ['jpg', 'pjpg', 'png', 'webp', 'avif']

/** Sanity's image pipeline caps each side; larger requests are clamped rather than refused. */
export const MAX_DIMENSION = 8192

export interface Rgba {
  r: number
  g: number
  b: number
  alpha: number
}

/**
 * The image API parameters of one request, validated and normalised. Only what changes the
 * rendered pixels is here (not `dl`), so the object doubles as the render cache key.
 */
export interface ImageParams {
  w?: number
  h?: number
  maxW?: number
  maxH?: number
  minW?: number
  minH?: number
  fit?: FitMode
  crop?: string[]
  fpX?: number
  fpY?: number
  rect?: {left: number; top: number; width: number; height: number}
  q?: number
  fm?: OutputFormat
  autoFormat?: boolean
  dpr?: number
  bg?: Rgba
  blur?: number
  sharp?: number
  flipH?: boolean
  flipV?: boolean
  or?: number
  invert?: boolean
  sat?: number
  pad?: number
}

export interface ParsedImageRequest {
  params: ImageParams
  /** `dl` present: serve as an attachment, with this file name when it is not empty. */
  download?: string
}

function bad(message: string): LakeError {
  return new LakeError(400, 'invalidImageParameter', message)
}

function number(query: URLSearchParams, name: string, min: number, max: number, integer = true) {
  const raw = query.get(name)
  if (raw === null || raw === '') return undefined
  const value = Number(raw)
  if (!Number.isFinite(value) || (integer && !Number.isInteger(value))) {
    throw bad(`Parameter "${name}" must be ${integer ? 'an integer' : 'a number'}, got "${raw}"`)
  }
  if (value < min || value > max) {
    throw bad(`Parameter "${name}" must be between ${min} and ${max}, got "${raw}"`)
  }
  return value
}

function dimension(query: URLSearchParams, name: string): number | undefined {
  const value = number(query, name, 1, Number.MAX_SAFE_INTEGER)
  return value === undefined ? undefined : Math.min(value, MAX_DIMENSION)
}

/** Parses `bg`: RGB, ARGB, RRGGBB or AARRGGBB hex, as the Sanity image API takes it. */
export function parseColour(raw: string): Rgba {
  const hex = raw.replace(/^#/, '')
  if (!/^[0-9a-f]+$/i.test(hex) || ![3, 4, 6, 8].includes(hex.length)) {
    throw bad(`Parameter "bg" must be a hex colour (RGB, ARGB, RRGGBB or AARRGGBB), got "${raw}"`)
  }
  const full = hex.length <= 4 ? [...hex].map((c) => c + c).join('') : hex
  const withAlpha = full.length === 6 ? `ff${full}` : full
  const byte = (i: number) => parseInt(withAlpha.slice(i, i + 2), 16)
  return {alpha: byte(0) / 255, r: byte(2), g: byte(4), b: byte(6)}
}

export function parseImageQuery(query: URLSearchParams): ParsedImageRequest {
  const params: ImageParams = {}
  const set = <K extends keyof ImageParams>(key: K, value: ImageParams[K] | undefined) => {
    if (value !== undefined) params[key] = value
  }
  set('w', dimension(query, 'w'))
  set('h', dimension(query, 'h'))
  set('maxW', dimension(query, 'max-w'))
  set('maxH', dimension(query, 'max-h'))
  set('minW', dimension(query, 'min-w'))
  set('minH', dimension(query, 'min-h'))

  const fit = query.get('fit')
  if (fit) {
    if (!FIT_MODES.includes(fit as FitMode)) {
      throw bad(`Parameter "fit" must be one of ${FIT_MODES.join(', ')}, got "${fit}"`)
    }
    params.fit = fit as FitMode
  }
  const crop = query.get('crop')
  if (crop) {
    const modes = crop.split(',').map((mode) => mode.trim())
    const unknown = modes.filter((mode) => !CROP_MODES.includes(mode))
    if (unknown.length > 0) {
      throw bad(
        `Parameter "crop" must be among ${CROP_MODES.join(', ')}, got "${unknown.join(',')}"`,
      )
    }
    params.crop = [...new Set(modes)].sort()
  }
  set('fpX', number(query, 'fp-x', 0, 1, false))
  set('fpY', number(query, 'fp-y', 0, 1, false))

  const rect = query.get('rect')
  if (rect) {
    const parts = rect.split(',').map(Number)
    if (parts.length !== 4 || parts.some((n) => !Number.isInteger(n))) {
      throw bad(`Parameter "rect" must be four integers "left,top,width,height", got "${rect}"`)
    }
    const [left, top, width, height] = parts as [number, number, number, number]
    if (left < 0 || top < 0 || width < 1 || height < 1) {
      throw bad(`Parameter "rect" needs left and top ≥ 0 and width and height ≥ 1, got "${rect}"`)
    }
    params.rect = {left, top, width, height}
  }

  set('q', number(query, 'q', 0, 100))
  const fm = query.get('fm')
  if (fm) {
    if (!FORMATS.includes(fm))
      throw bad(`Parameter "fm" must be one of ${FORMATS.join(', ')}, got "${fm}"`)
    params.fm = fm as OutputFormat
  }
  const auto = query.get('auto')
  if (auto) {
    if (auto !== 'format') throw bad(`Parameter "auto" only supports "format", got "${auto}"`)
    params.autoFormat = true
  }
  // Sanity's image pipeline takes a device pixel ratio of 1 to 3.
  const dpr = number(query, 'dpr', 1, 3, false)
  if (dpr !== undefined && dpr !== 1) params.dpr = dpr
  const bg = query.get('bg')
  if (bg) params.bg = parseColour(bg)

  const blur = number(query, 'blur', 0, 2000)
  if (blur) params.blur = blur
  const sharpen = number(query, 'sharp', 0, 100)
  if (sharpen) params.sharp = sharpen
  const flip = query.get('flip')
  if (flip) {
    if (!/^(h|v|hv|vh)$/.test(flip)) throw bad(`Parameter "flip" must be h, v or hv, got "${flip}"`)
    if (flip.includes('h')) params.flipH = true
    if (flip.includes('v')) params.flipV = true
  }
  const orientation = query.get('or')
  if (orientation) {
    if (!['0', '90', '180', '270'].includes(orientation)) {
      throw bad(`Parameter "or" must be 0, 90, 180 or 270, got "${orientation}"`)
    }
    if (orientation !== '0') params.or = Number(orientation)
  }
  const invert = query.get('invert')
  if (invert === 'true' || invert === '1') params.invert = true
  const sat = number(query, 'sat', -100, 100)
  if (sat) params.sat = sat
  const pad = number(query, 'pad', 0, 1000)
  if (pad) params.pad = pad
  // `frame=1` (the first frame) is all the API offers; the lake never renders animations anyway.
  number(query, 'frame', 1, 1)

  const download = query.get('dl')
  return download === null ? {params} : {params, download}
}

/** True when the parameters change pixels, not just the encoding. */
export function changesPixels(params: ImageParams): boolean {
  const encodingOnly = new Set(['fm', 'autoFormat', 'q'])
  return Object.keys(params).some((key) => !encodingOnly.has(key))
}
