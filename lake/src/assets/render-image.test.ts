import {readdir} from 'node:fs/promises'

import sharp from 'sharp'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {LakeError} from '../store/types.ts'
import {storeAssetBlob, variantDir} from './asset-storage.ts'
import {negotiateFormat, renderImage, type RenderImageOptions} from './render-image.ts'
import {pixelAt, svgImage, tempDataDir, twoToneImage} from './test-images.ts'

const RED = [255, 0, 0]
const BLUE = [0, 0, 255]

function near(actual: number[], expected: number[], tolerance = 40) {
  expect(actual.every((value, i) => Math.abs(value - (expected[i] ?? 0)) <= tolerance)).toBe(true)
}

describe('renderImage', () => {
  let dataDir: string
  let cleanup: () => Promise<void>
  let jpgName: string
  let jpgSha1: string
  beforeEach(async () => {
    ;({dataDir, cleanup} = await tempDataDir())
    const stored = await storeAssetBlob({
      dataDir,
      dataset: 'production',
      bytes: await twoToneImage(400, 200, 'jpeg'),
      extension: 'jpg',
    })
    jpgSha1 = stored.sha1
    jpgName = `${stored.sha1}-400x200.jpg`
  })
  afterEach(() => cleanup())

  const render = (
    query: Record<string, string> | string,
    extra: Partial<RenderImageOptions> = {},
  ) =>
    renderImage({
      dataDir,
      dataset: 'production',
      fileName: jpgName,
      query: new URLSearchParams(query),
      ...extra,
    })
  const size = async (body: Buffer) => {
    const {width, height, format} = await sharp(body).metadata()
    return {width, height, format}
  }

  it('serves the original unchanged, with immutable caching and an ETag', async () => {
    const response = await render({})
    expect(response.status).toBe(200)
    expect(response.headers['Content-Type']).toBe('image/jpeg')
    expect(response.headers['Cache-Control']).toBe('public, max-age=31536000, immutable')
    expect(response.headers.ETag).toMatch(/^".+"$/)
    expect(response.headers.Vary).toBeUndefined()
    expect(await size(response.body)).toEqual({width: 400, height: 200, format: 'jpeg'})
  })

  it('resizes with w, h and dpr keeping the aspect ratio (fit=clip)', async () => {
    expect(await size((await render({w: '100'})).body)).toMatchObject({width: 100, height: 50})
    expect(await size((await render({h: '50'})).body)).toMatchObject({width: 100, height: 50})
    expect(await size((await render({w: '100', h: '100'})).body)).toMatchObject({
      width: 100,
      height: 50,
    })
    expect(await size((await render({w: '100', dpr: '2'})).body)).toMatchObject({
      width: 200,
      height: 100,
    })
  })

  it('implements the fit modes', async () => {
    expect(await size((await render({w: '100', h: '100', fit: 'crop'})).body)).toMatchObject({
      width: 100,
      height: 100,
    })
    expect(await size((await render({w: '100', h: '100', fit: 'scale'})).body)).toMatchObject({
      width: 100,
      height: 100,
    })
    expect(await size((await render({w: '800', fit: 'max'})).body)).toMatchObject({
      width: 400,
      height: 200,
    })
    expect(await size((await render({w: '800', fit: 'clip'})).body)).toMatchObject({
      width: 800,
      height: 400,
    })
    expect(await size((await render({w: '800', h: '800', fit: 'min'})).body)).toMatchObject({
      width: 200,
      height: 200,
    })
    const fill = await render({w: '100', h: '100', fit: 'fill', bg: 'ffffff'})
    expect(await size(fill.body)).toMatchObject({width: 100, height: 100})
    near(await pixelAt(fill.body, 50, 5), [255, 255, 255])
    near(await pixelAt(fill.body, 10, 50), RED)
    const fillmax = await render({w: '1000', h: '1000', fit: 'fillmax', bg: '00ff00'})
    expect(await size(fillmax.body)).toMatchObject({width: 1000, height: 1000})
    near(await pixelAt(fillmax.body, 10, 10), [0, 255, 0])
    // Not scaled up: the 400-pixel wide original sits in the middle.
    near(await pixelAt(fillmax.body, 310, 500), RED)
    near(await pixelAt(fillmax.body, 290, 500), [0, 255, 0])
  })

  it('crops towards the requested side or focal point', async () => {
    const left = await render({w: '100', h: '100', fit: 'crop', crop: 'left'})
    near(await pixelAt(left.body, 90, 50), RED)
    const right = await render({w: '100', h: '100', fit: 'crop', crop: 'right'})
    near(await pixelAt(right.body, 10, 50), BLUE)
    const focal = await render({
      'w': '100',
      'h': '100',
      'fit': 'crop',
      'crop': 'focalpoint',
      'fp-x': '0.9',
      'fp-y': '0.5',
    })
    near(await pixelAt(focal.body, 5, 50), BLUE)
  })

  it('cuts out rect before resizing, and clamps it to the image', async () => {
    const rect = await render({rect: '0,0,100,100'})
    expect(await size(rect.body)).toMatchObject({width: 100, height: 100})
    near(await pixelAt(rect.body, 90, 90), RED)
    const resized = await render({rect: '300,0,100,200', w: '50'})
    expect(await size(resized.body)).toMatchObject({width: 50, height: 100})
    near(await pixelAt(resized.body, 25, 50), BLUE)
    expect(await size((await render({rect: '350,0,500,500'})).body)).toMatchObject({
      width: 50,
      height: 200,
    })
  })

  it('flips and rotates', async () => {
    const flipped = await render({flip: 'h'})
    near(await pixelAt(flipped.body, 10, 10), BLUE)
    const rotated = await render({or: '90'})
    expect(await size(rotated.body)).toMatchObject({width: 200, height: 400})
    near(await pixelAt(rotated.body, 100, 10), RED)
    const rotatedSized = await render({or: '90', w: '100'})
    expect(await size(rotatedSized.body)).toMatchObject({width: 100, height: 200})
  })

  it('converts formats with fm and quality with q', async () => {
    expect((await size((await render({fm: 'webp'})).body)).format).toBe('webp')
    expect((await render({fm: 'webp'})).headers['Content-Type']).toBe('image/webp')
    expect((await size((await render({fm: 'png', w: '50'})).body)).format).toBe('png')
    expect((await size((await render({fm: 'avif', w: '50'})).body)).format).toBe('heif')
    const low = await render({q: '10'})
    const high = await render({q: '95'})
    expect(low.body.byteLength).toBeLessThan(high.body.byteLength)
  })

  it('picks AVIF or WebP for auto=format from the Accept header', async () => {
    const avif = await render({auto: 'format', w: '40'}, {accept: 'image/avif,image/webp,*/*'})
    expect(avif.headers['Content-Type']).toBe('image/avif')
    expect(avif.headers.Vary).toBe('Accept')
    const webp = await render({auto: 'format'}, {accept: 'image/webp,*/*'})
    expect(webp.headers['Content-Type']).toBe('image/webp')
    expect((await size(webp.body)).format).toBe('webp')
    const plain = await render({auto: 'format'}, {accept: '*/*'})
    expect(plain.headers['Content-Type']).toBe('image/jpeg')
    expect(plain.headers.Vary).toBe('Accept')
    expect(negotiateFormat('image/avif;q=0, image/webp')).toBe('webp')
  })

  it('applies blur, sharpen, saturation, invert and padding', async () => {
    const grey = await render({sat: '-100'})
    const [r, g, b] = await pixelAt(grey.body, 10, 10)
    expect(Math.abs(r - g) + Math.abs(g - b)).toBeLessThan(20)
    near(await pixelAt((await render({invert: 'true'})).body, 10, 10), [0, 255, 255])
    const padded = await render({pad: '10', bg: '00ff00', w: '100'})
    expect(await size(padded.body)).toMatchObject({width: 120, height: 70})
    near(await pixelAt(padded.body, 2, 2), [0, 255, 0])
    // Blurring the hard red/blue edge mixes the colours next to it.
    const blurred = await render({blur: '100'})
    const [br, , bb] = await pixelAt(blurred.body, 200, 100)
    expect(br).toBeGreaterThan(40)
    expect(bb).toBeGreaterThan(40)
    expect((await render({sharp: '50'})).status).toBe(200)
  })

  it('bounds the result with max-w, max-h, min-w and min-h', async () => {
    expect(await size((await render({'w': '300', 'max-w': '100'})).body)).toMatchObject({
      width: 100,
      height: 50,
    })
    expect(await size((await render({'max-h': '50'})).body)).toMatchObject({width: 100, height: 50})
    expect(await size((await render({'w': '50', 'min-w': '80'})).body)).toMatchObject({
      width: 80,
      height: 40,
    })
  })

  it('caches rendered variants on disk and answers If-None-Match with 304', async () => {
    const first = await render({w: '120', fm: 'png'})
    const files = await readdir(variantDir(dataDir, 'production', jpgSha1))
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/\.png$/)
    const second = await render({fm: 'png', w: '120'})
    expect(second.body.equals(first.body)).toBe(true)
    expect(second.headers.ETag).toBe(first.headers.ETag)
    const other = await render({w: '121', fm: 'png'})
    expect(other.headers.ETag).not.toBe(first.headers.ETag)
    const notModified = await render({w: '120', fm: 'png'}, {ifNoneMatch: first.headers.ETag})
    expect(notModified.status).toBe(304)
    expect(notModified.body.byteLength).toBe(0)
  })

  it('describes the image as JSON for fm=json', async () => {
    const response = await render({fm: 'json'})
    expect(response.headers['Content-Type']).toBe('application/json; charset=utf-8')
    expect(JSON.parse(response.body.toString('utf8'))).toMatchObject({
      'Content-Type': 'image/jpeg',
      'PixelWidth': 400,
      'PixelHeight': 200,
    })
    await expect(render({fm: 'json'}, {fileName: `${jpgSha1}-1x1.jpg`})).rejects.toMatchObject({
      status: 404,
    })
  })

  it('serves dl as an attachment', async () => {
    expect((await render({dl: ''})).headers['Content-Disposition']).toBe(
      `attachment; filename="${jpgName}"; filename*=UTF-8''${jpgName}`,
    )
    expect((await render({dl: 'bo-kaap.jpg'})).headers['Content-Disposition']).toContain(
      'filename="bo-kaap.jpg"',
    )
  })

  it('404s unknown images and names whose dimensions do not match', async () => {
    const expectStatus = async (promise: Promise<unknown>, status: number) => {
      const error = await promise.catch((e: unknown) => e)
      expect(error).toBeInstanceOf(LakeError)
      expect((error as LakeError).status).toBe(status)
    }
    await expectStatus(render({}, {fileName: `${'b'.repeat(40)}-400x200.jpg`}), 404)
    await expectStatus(render({}, {fileName: `${jpgSha1}-401x200.jpg`}), 404)
    await expectStatus(render({}, {fileName: `${jpgSha1}-400x200.png`}), 404)
    await expectStatus(render({}, {fileName: 'not-an-image'}), 404)
    await expectStatus(render({}, {dataset: 'staging'}), 404)
  })

  it('400s bad parameters with a message naming the parameter', async () => {
    for (const query of [
      'w=abc',
      'w=-5',
      'fit=stretch',
      'crop=middle',
      'fm=bmp',
      'rect=1,2,3',
      'q=101',
      'auto=compress',
      'or=45',
      'fp-x=2',
      'bg=zzz',
      'flip=x',
    ]) {
      const error = await render(query).catch((e: unknown) => e)
      expect(error, query).toBeInstanceOf(LakeError)
      expect((error as LakeError).status).toBe(400)
      expect((error as LakeError).message).toContain(query.split('=')[0])
    }
  })

  it('serves SVG as is unless a transform or format is asked, then rasterises it sharply', async () => {
    const stored = await storeAssetBlob({
      dataDir,
      dataset: 'production',
      bytes: svgImage,
      extension: 'svg',
    })
    const fileName = `${stored.sha1}-120x60.svg`
    const original = await render({auto: 'format'}, {fileName, accept: 'image/avif'})
    expect(original.headers['Content-Type']).toBe('image/svg+xml')
    expect(original.body.equals(svgImage)).toBe(true)
    expect(original.headers['Content-Security-Policy']).toContain('sandbox')

    const raster = await render({w: '600'}, {fileName})
    expect(raster.headers['Content-Type']).toBe('image/png')
    expect(await size(raster.body)).toMatchObject({width: 600, height: 300, format: 'png'})
    near(await pixelAt(raster.body, 290, 150), RED, 5)
    near(await pixelAt(raster.body, 310, 150), BLUE, 5)
    const square = await render({rect: '60,0,60,60', w: '240'}, {fileName})
    expect(await size(square.body)).toMatchObject({width: 240, height: 240})
    near(await pixelAt(square.body, 120, 120), BLUE, 5)
    const webp = await render({fm: 'webp'}, {fileName})
    expect(await size(webp.body)).toMatchObject({width: 120, height: 60, format: 'webp'})
  })
})
