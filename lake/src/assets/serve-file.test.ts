import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {LakeError} from '../store/types.ts'
import {storeAssetBlob} from './asset-storage.ts'
import {serveFile} from './serve-file.ts'
import {tempDataDir} from './test-images.ts'

describe('serveFile', () => {
  let dataDir: string
  let cleanup: () => Promise<void>
  beforeEach(async () => ({dataDir, cleanup} = await tempDataDir()))
  afterEach(() => cleanup())

  it('serves stored bytes with the type of their extension and immutable caching', async () => {
    const bytes = Buffer.from('%PDF-1.4 itinerary')
    const {sha1} = await storeAssetBlob({dataDir, dataset: 'production', bytes, extension: 'pdf'})
    const response = await serveFile({
      dataDir,
      dataset: 'production',
      fileName: `${sha1}.pdf`,
      query: new URLSearchParams(),
    })
    expect(response.status).toBe(200)
    expect(response.body.equals(bytes)).toBe(true)
    expect(response.headers).toMatchObject({
      'Content-Type': 'application/pdf',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'ETag': `"${sha1}"`,
      'X-Content-Type-Options': 'nosniff',
    })
    expect(response.headers['Content-Disposition']).toBeUndefined()

    const named = await serveFile({
      dataDir,
      dataset: 'production',
      fileName: `${sha1}.pdf`,
      query: new URLSearchParams({dl: 'Itinerary – Cape Point.pdf'}),
      mimeType: 'application/x-custom',
    })
    expect(named.headers['Content-Type']).toBe('application/x-custom')
    expect(named.headers['Content-Disposition']).toBe(
      `attachment; filename="Itinerary _ Cape Point.pdf"; filename*=UTF-8''Itinerary%20%E2%80%93%20Cape%20Point.pdf`,
    )
    const bare = await serveFile({
      dataDir,
      dataset: 'production',
      fileName: `${sha1}.pdf`,
      query: new URLSearchParams('dl'),
    })
    expect(bare.headers['Content-Disposition']).toContain(`filename="${sha1}.pdf"`)
    const notModified = await serveFile({
      dataDir,
      dataset: 'production',
      fileName: `${sha1}.pdf`,
      query: new URLSearchParams(),
      ifNoneMatch: `"${sha1}"`,
    })
    expect(notModified.status).toBe(304)
  })

  it('404s unknown or malformed names', async () => {
    for (const fileName of [`${'c'.repeat(40)}.pdf`, '../../etc/passwd', 'abc.pdf']) {
      const error = await serveFile({
        dataDir,
        dataset: 'production',
        fileName,
        query: new URLSearchParams(),
      }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(LakeError)
      expect((error as LakeError).status).toBe(404)
    }
  })
})
