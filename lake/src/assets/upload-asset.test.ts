import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'

import sharp from 'sharp'
import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {LakeError} from '../store/types.ts'
import {assetPath, sha1Hex} from './asset-storage.ts'
import {createTestDataset, type TestDataset} from './test-dataset.ts'
import {svgImage, tempDataDir, twoToneImage} from './test-images.ts'
import {uploadAsset, type UploadAssetOptions} from './upload-asset.ts'

describe('uploadAsset', () => {
  let dataDir: string
  let cleanup: () => Promise<void>
  let dataset: TestDataset
  beforeEach(async () => {
    ;({dataDir, cleanup} = await tempDataDir())
    dataset = createTestDataset('production')
  })
  afterEach(() => cleanup())

  const upload = (overrides: Partial<UploadAssetOptions> & Pick<UploadAssetOptions, 'bytes'>) =>
    uploadAsset({
      dataset,
      dataDir,
      projectId: 'local',
      publicBaseUrl: 'http://localhost:3333/',
      kind: 'image',
      contentType: 'image/png',
      query: new URLSearchParams(),
      ...overrides,
    })

  it('creates an image asset document shaped as Sanity shapes it', async () => {
    const bytes = await twoToneImage(80, 60)
    const sha1 = sha1Hex(bytes)
    const query = new URLSearchParams({
      filename: 'table-mountain.png',
      title: 'Table Mountain',
      creditLine: 'Us',
    })
    const doc = await upload({bytes, query})

    expect(doc).toMatchObject({
      _id: `image-${sha1}-80x60-png`,
      _type: 'sanity.imageAsset',
      assetId: sha1,
      sha1hash: sha1,
      extension: 'png',
      mimeType: 'image/png',
      size: bytes.byteLength,
      originalFilename: 'table-mountain.png',
      title: 'Table Mountain',
      creditLine: 'Us',
      path: `images/local/production/${sha1}-80x60.png`,
      url: `http://localhost:3333/images/local/production/${sha1}-80x60.png`,
      metadata: {
        _type: 'sanity.imageMetadata',
        dimensions: {_type: 'sanity.imageDimensions', width: 80, height: 60, aspectRatio: 80 / 60},
        hasAlpha: false,
        isOpaque: true,
      },
    })
    expect(typeof doc._rev).toBe('string')
    expect(dataset.getDocument(doc._id)).toEqual(doc)
    expect(await readFile(assetPath(dataDir, 'production', sha1, 'png'))).toEqual(bytes)
  })

  it('computes lqip, palette and blurHash by default from the real pixels', async () => {
    const doc = await upload({bytes: await twoToneImage(80, 60)})
    const metadata = doc.metadata as Record<string, any>
    const lqip = metadata.lqip as string
    expect(lqip).toMatch(/^data:image\/jpeg;base64,/)
    const preview = await sharp(Buffer.from(lqip.split(',')[1]!, 'base64')).metadata()
    expect(preview.width).toBe(20)
    expect(preview.height).toBe(15)

    const swatches = Object.values(metadata.palette).filter(
      (s): s is Record<string, any> => typeof s === 'object',
    )
    // The image is half pure red and half pure blue, so every swatch is one of the two.
    for (const swatch of swatches) expect(['#ff0000', '#0000ff']).toContain(swatch.background)
    expect(metadata.palette.dominant.population).toBeCloseTo(50, 0)
    expect(metadata.palette.vibrant).toBeDefined()
    expect(metadata.blurHash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{28}$/)
    // The BlurHash's first component is the average colour: linear-light mean of red and blue.
    const digits =
      '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~'
    const dc = [...(metadata.blurHash as string).slice(2, 6)].reduce(
      (n, c) => n * 83 + digits.indexOf(c),
      0,
    )
    const average = [dc >> 16, (dc >> 8) & 255, dc & 255]
    ;[188, 0, 188].forEach((expected, i) =>
      expect(Math.abs(average[i]! - expected)).toBeLessThanOrEqual(3),
    )
  })

  it('honours meta: only what is asked for, none for nothing, 400 for unknown options', async () => {
    const bytes = await twoToneImage(30, 30)
    const lqipOnly = await upload({bytes, query: new URLSearchParams([['meta', 'lqip']])})
    expect(Object.keys(lqipOnly.metadata as object).sort()).toEqual(
      ['_type', 'dimensions', 'hasAlpha', 'isOpaque', 'lqip'].sort(),
    )
    const other = createTestDataset('production')
    const none = await uploadAsset({
      dataset: other,
      dataDir,
      projectId: 'local',
      publicBaseUrl: 'http://localhost:3333',
      kind: 'image',
      bytes,
      query: new URLSearchParams([['meta', 'none']]),
    })
    expect(none.metadata).not.toHaveProperty('lqip')
    expect(none.metadata).not.toHaveProperty('palette')
    await expect(
      upload({bytes, query: new URLSearchParams([['meta', 'colours']])}),
    ).rejects.toMatchObject({
      status: 400,
    })
  })

  it('reports transparency of images with an alpha channel', async () => {
    const bytes = await sharp({
      create: {width: 10, height: 10, channels: 4, background: {r: 0, g: 0, b: 0, alpha: 0.5}},
    })
      .png()
      .toBuffer()
    const doc = await upload({bytes})
    expect(doc.metadata).toMatchObject({hasAlpha: true, isOpaque: false})
    expect((doc.metadata as {lqip: string}).lqip).toMatch(/^data:image\/png;base64,/)
  })

  it('returns the existing document unchanged for the same bytes', async () => {
    const bytes = await twoToneImage(40, 20, 'jpeg')
    const first = await upload({bytes, query: new URLSearchParams({filename: 'a.jpg'})})
    const second = await upload({bytes, query: new URLSearchParams({filename: 'b.jpg'})})
    expect(second).toEqual(first)
    expect(first._id).toMatch(/-40x20-jpg$/)
    expect(dataset.calls).toHaveLength(1)
  })

  it('keeps SVG as SVG with its own dimensions', async () => {
    const doc = await upload({bytes: svgImage, contentType: 'image/svg+xml'})
    expect(doc._id).toBe(`image-${sha1Hex(svgImage)}-120x60-svg`)
    expect(doc).toMatchObject({extension: 'svg', mimeType: 'image/svg+xml'})
  })

  it('identifies images by their bytes, not the Content-Type header', async () => {
    const doc = await upload({
      bytes: await twoToneImage(10, 10, 'webp'),
      contentType: 'application/octet-stream',
    })
    expect(doc).toMatchObject({extension: 'webp', mimeType: 'image/webp'})
  })

  it('rejects bad input with a 4xx and writes nothing', async () => {
    const truncated = (await twoToneImage(200, 200, 'jpeg')).subarray(0, 300)
    const cases: [Partial<UploadAssetOptions> & {bytes: Uint8Array}, number][] = [
      [{bytes: Buffer.alloc(0)}, 400],
      [{bytes: Buffer.from('this is not an image')}, 400],
      [{bytes: truncated}, 400],
      [{bytes: Buffer.from('BM not really a bitmap')}, 400],
      [{bytes: await twoToneImage(10, 10), maxBytes: 100}, 413],
    ]
    for (const [overrides, status] of cases) {
      const error = await upload(overrides).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(LakeError)
      expect((error as LakeError).status).toBe(status)
      expect((error as LakeError).message.length).toBeGreaterThan(10)
    }
    expect([...dataset.documents()]).toEqual([])
    expect(await readdir(join(dataDir)).catch(() => [])).toEqual([])
  })

  it('stores files with the extension from the filename and the given mime type', async () => {
    const bytes = Buffer.from('%PDF-1.4 a tiny guide to the Cape Peninsula')
    const sha1 = sha1Hex(bytes)
    const doc = await upload({
      kind: 'file',
      bytes,
      contentType: 'application/pdf',
      query: new URLSearchParams({
        filename: 'Guide.PDF',
        label: 'guides',
        sourceName: 'upload',
        sourceId: 'x1',
      }),
    })
    expect(doc).toMatchObject({
      _id: `file-${sha1}-pdf`,
      _type: 'sanity.fileAsset',
      extension: 'pdf',
      mimeType: 'application/pdf',
      originalFilename: 'Guide.PDF',
      label: 'guides',
      source: {id: 'x1', name: 'upload'},
      path: `files/local/production/${sha1}.pdf`,
      url: `http://localhost:3333/files/local/production/${sha1}.pdf`,
    })
    expect(doc).not.toHaveProperty('metadata')
    expect(await readFile(assetPath(dataDir, 'production', sha1, 'pdf'))).toEqual(bytes)
  })

  it('derives a file extension from the content type when there is no filename', async () => {
    const doc = await upload({
      kind: 'file',
      bytes: Buffer.from('a,b\n1,2\n'),
      contentType: 'text/csv; charset=utf-8',
    })
    expect(doc).toMatchObject({extension: 'csv', mimeType: 'text/csv'})
    const unknown = await upload({
      kind: 'file',
      bytes: Buffer.from([1, 2, 3]),
      contentType: undefined,
    })
    expect(unknown).toMatchObject({extension: 'bin', mimeType: 'application/octet-stream'})
  })
})
