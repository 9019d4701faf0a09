import {readdir, stat} from 'node:fs/promises'
import {join} from 'node:path'

import sharp from 'sharp'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {LakeError} from '../store/types.ts'
import {storeAssetBlob, variantDir} from './asset-storage.ts'
import {RENDER_LIMITS, renderImage} from './render-image.ts'
import {tempDataDir, twoToneImage} from './test-images.ts'

// The image API cannot be used to burn the lake's CPU or fill its disk.
describe('image render limits', () => {
  let dataDir: string
  let cleanup: () => Promise<void>
  let fileName: string
  let sha1: string
  beforeEach(async () => {
    ;({dataDir, cleanup} = await tempDataDir())
    const stored = await storeAssetBlob({dataDir, dataset: 'production', bytes: await twoToneImage(800, 500, 'jpeg'), extension: 'jpg'})
    sha1 = stored.sha1
    fileName = `${sha1}-800x500.jpg`
  })
  afterEach(() => cleanup())

  const render = (query: string, cacheBytes?: number) =>
    renderImage({dataDir, dataset: 'production', fileName, query: new URLSearchParams(query), cacheBytes})

  async function refusal(promise: Promise<unknown>): Promise<LakeError> {
    try {
      await promise
    } catch (error) {
      return error as LakeError
    }
    throw new Error('expected a refusal')
  }

  it('refuses the 97-second request of the issue at once, with a clear 400', async () => {
    const started = performance.now()
    const error = await refusal(render('blur=2000&w=8192&h=8192&fit=scale'))
    expect(error).toBeInstanceOf(LakeError)
    expect(error.status).toBe(400)
    expect(error.message).toMatch(/megapixels/)
    expect(performance.now() - started).toBeLessThan(1_000)
  })

  it('renders the strongest blur at a size a page uses in well under the time budget', async () => {
    const started = performance.now()
    const response = await render('blur=2000&w=2000&h=1250')
    expect(response.status).toBe(200)
    expect(await sharp(response.body).metadata()).toMatchObject({width: 2000, height: 1250})
    expect(performance.now() - started).toBeLessThan(RENDER_LIMITS.seconds * 1000)
  })

  it('takes a device pixel ratio of 1 to 3, as Sanity’s pipeline does', async () => {
    expect((await render('w=100&dpr=3')).status).toBe(200)
    for (const dpr of ['5', '0.5', '4']) expect((await refusal(render(`w=100&dpr=${dpr}`))).status, dpr).toBe(400)
  })

  it('renders two at a time and answers 503 with Retry-After when too many wait', async () => {
    const requests = Array.from({length: RENDER_LIMITS.concurrent + RENDER_LIMITS.waiting + 10}, (_, i) =>
      render(`w=${1200 + i}&blur=${100 + i}&sat=${i % 100}`).then(
        () => 200,
        (error: LakeError) => {
          if (error.status === 503) expect(error.retryAfterSeconds).toBeGreaterThan(0)
          return error.status
        },
      ),
    )
    const statuses = await Promise.all(requests)
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThanOrEqual(10)
    expect(statuses.every((status) => status === 200 || status === 503)).toBe(true)
  }, 60_000)

  it('keeps the rendered variants under their cap, least recently used out first, never the original', async () => {
    const cap = 8 * 1024
    for (let width = 300; width < 340; width += 2) await render(`w=${width}&q=90`, cap)
    const folder = variantDir(dataDir, 'production', sha1)
    const files = await readdir(folder)
    let total = 0
    for (const file of files) total += (await stat(join(folder, file))).size
    expect(total).toBeLessThanOrEqual(cap)
    expect(files.length).toBeLessThan(20)
    // The first variant was the least recently used: gone. The original is untouched and still served.
    expect((await render('', cap)).status).toBe(200)
  }, 60_000)
})
