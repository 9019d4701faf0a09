import {createHash} from 'node:crypto'
import {readdir, readFile} from 'node:fs/promises'
import {dirname} from 'node:path'

import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {LakeError} from '../store/types.ts'
import {assetPath, readAssetBlob, removeAssetBlob, storeAssetBlob} from './asset-storage.ts'
import {tempDataDir} from './test-images.ts'

describe('asset storage', () => {
  let dataDir: string
  let cleanup: () => Promise<void>
  beforeEach(async () => ({dataDir, cleanup} = await tempDataDir()))
  afterEach(() => cleanup())

  it('stores bytes under their sha1 and reads them back', async () => {
    const bytes = Buffer.from('hello, Cape Town')
    const stored = await storeAssetBlob({dataDir, dataset: 'production', bytes, extension: 'txt'})
    expect(stored.sha1).toBe(createHash('sha1').update(bytes).digest('hex'))
    expect(stored.created).toBe(true)
    expect(stored.path).toBe(assetPath(dataDir, 'production', stored.sha1, 'txt'))
    expect(await readFile(stored.path)).toEqual(bytes)
    expect(
      await readAssetBlob({dataDir, dataset: 'production', sha1: stored.sha1, extension: 'txt'}),
    ).toEqual(bytes)
  })

  it('treats storing the same bytes twice as a no-op and leaves no temp files', async () => {
    const bytes = Buffer.from('same bytes')
    await storeAssetBlob({dataDir, dataset: 'production', bytes, extension: 'bin'})
    const again = await storeAssetBlob({dataDir, dataset: 'production', bytes, extension: 'bin'})
    expect(again.created).toBe(false)
    expect(await readdir(dirname(again.path))).toEqual([`${again.sha1}.bin`])
  })

  it('returns undefined for a blob that is not there, and removes blobs', async () => {
    const sha1 = 'a'.repeat(40)
    expect(
      await readAssetBlob({dataDir, dataset: 'production', sha1, extension: 'png'}),
    ).toBeUndefined()
    const stored = await storeAssetBlob({
      dataDir,
      dataset: 'production',
      bytes: Buffer.from('x'),
      extension: 'png',
    })
    await removeAssetBlob({dataDir, dataset: 'production', sha1: stored.sha1, extension: 'png'})
    expect(
      await readAssetBlob({dataDir, dataset: 'production', sha1: stored.sha1, extension: 'png'}),
    ).toBeUndefined()
  })

  it('refuses names that could escape the data directory', () => {
    expect(() => assetPath(dataDir, '../etc', 'a'.repeat(40), 'png')).toThrow(LakeError)
    expect(() => assetPath(dataDir, 'production', '../../x', 'png')).toThrow(LakeError)
    expect(() => assetPath(dataDir, 'production', 'a'.repeat(40), 'png/../x')).toThrow(LakeError)
  })
})
