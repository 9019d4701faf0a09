import {mkdir, writeFile} from 'node:fs/promises'
import {join} from 'node:path'

import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {readAssetBlob, sha1Hex} from '../assets/asset-storage.ts'
import {createTestDataset, type TestDataset} from '../assets/test-dataset.ts'
import {tempDataDir, twoToneImage} from '../assets/test-images.ts'
import type {SanityDocument} from '../store/types.ts'
import {ImportError, importDataset, type ImportDatasetOptions} from './import-dataset.ts'

const ndjson = (docs: unknown[]) => docs.map((doc) => JSON.stringify(doc)).join('\n') + '\n'

describe('importDataset', () => {
  let dir: string
  let cleanup: () => Promise<void>
  let dataset: TestDataset
  beforeEach(async () => {
    ;({dataDir: dir, cleanup} = await tempDataDir())
    dataset = createTestDataset('production')
  })
  afterEach(() => cleanup())

  const write = async (name: string, content: string | unknown[]) => {
    const file = join(dir, name)
    await writeFile(file, typeof content === 'string' ? content : ndjson(content))
    return file
  }
  const run = (file: string, overrides: Partial<ImportDatasetOptions> = {}) =>
    importDataset({
      dataset,
      file,
      dataDir: join(dir, 'data'),
      projectId: 'local',
      publicBaseUrl: 'http://localhost:3333',
      ...overrides,
    })
  const failure = async (promise: Promise<unknown>) => {
    const error = await promise.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ImportError)
    return (error as Error).message
  }

  it('imports documents, generating ids for those without one', async () => {
    const file = await write('data.ndjson', [
      {_id: 'venue-1', _type: 'venue', name: 'Bo-Kaap'},
      {_type: 'venue', name: 'Kalk Bay'},
      {_id: 'event-1', _type: 'event', venue: {_ref: 'venue-1'}, _rev: 'old'},
    ])
    const result = await run(file)
    expect(result).toMatchObject({
      documents: 3,
      created: 3,
      replaced: 0,
      skipped: 0,
      transactions: 1,
    })
    const docs = [...dataset.documents()]
    expect(docs).toHaveLength(3)
    const generated = docs.find((doc) => doc.name === 'Kalk Bay')!
    expect(generated._id).toMatch(/^[0-9a-f-]{36}$/)
    // References get their `_type`, and the file's `_rev` does not survive.
    expect(dataset.getDocument('event-1')).toMatchObject({
      venue: {_ref: 'venue-1', _type: 'reference'},
    })
    expect(dataset.getDocument('event-1')!._rev).not.toBe('old')
  })

  it('uploads _sanityAsset files (relative and absolute) and references them at asset', async () => {
    await mkdir(join(dir, 'images'))
    const jpg = await twoToneImage(64, 32, 'jpeg')
    await writeFile(join(dir, 'images', 'table-mountain.jpg'), jpg)
    const pdf = Buffer.from('%PDF-1.4 a map')
    await writeFile(join(dir, 'map.pdf'), pdf)
    const file = await write('with-assets.ndjson', [
      {
        _id: 'e1',
        _type: 'event',
        image: {
          _type: 'image',
          _sanityAsset: 'image@file://./images/table-mountain.jpg',
          alt: 'Mountain',
        },
      },
      {
        _id: 'e2',
        _type: 'event',
        gallery: [
          {
            _key: 'a',
            _type: 'image',
            _sanityAsset: `image@file://${join(dir, 'images', 'table-mountain.jpg')}`,
          },
        ],
      },
      {_id: 'e3', _type: 'event', map: {_type: 'file', _sanityAsset: 'file@file://./map.pdf'}},
    ])
    const result = await run(file)
    expect(result).toMatchObject({created: 3, assets: 2})
    const imageId = `image-${sha1Hex(jpg)}-64x32-jpg`
    expect(dataset.getDocument('e1')!.image).toEqual({
      _type: 'image',
      alt: 'Mountain',
      asset: {_type: 'reference', _ref: imageId},
    })
    expect(dataset.getDocument('e2')!.gallery).toEqual([
      {_key: 'a', _type: 'image', asset: {_type: 'reference', _ref: imageId}},
    ])
    const fileId = `file-${sha1Hex(pdf)}-pdf`
    expect(dataset.getDocument('e3')!.map).toEqual({
      _type: 'file',
      asset: {_type: 'reference', _ref: fileId},
    })
    expect(dataset.getDocument(imageId)).toMatchObject({
      _type: 'sanity.imageAsset',
      originalFilename: 'table-mountain.jpg',
    })
    expect(
      await readAssetBlob({
        dataDir: join(dir, 'data'),
        dataset: 'production',
        sha1: sha1Hex(pdf),
        extension: 'pdf',
      }),
    ).toEqual(pdf)
  })

  it('refuses network asset URLs, missing files, bad images and untyped assets, writing nothing', async () => {
    await writeFile(join(dir, 'broken.jpg'), 'not a jpeg')
    const cases: [unknown, RegExp][] = [
      [
        {_id: 'a', _type: 't', image: {_sanityAsset: 'image@https://cdn.example.com/a.jpg'}},
        /does not download assets over the network[\s\S]*"a"/,
      ],
      [
        {_id: 'b', _type: 't', image: {_sanityAsset: 'image@file://./nope.jpg'}},
        /Cannot read the image .*nope\.jpg.*"b"/,
      ],
      [
        {_id: 'c', _type: 't', image: {_sanityAsset: 'image@file://./broken.jpg'}},
        /broken\.jpg.*not usable/,
      ],
      [
        {_id: 'd', _type: 't', image: {_sanityAsset: 'file://./broken.jpg'}},
        /Asset type is not specified[\s\S]*path: image\._sanityAsset/,
      ],
    ]
    for (const [doc, message] of cases) {
      const file = await write('bad.ndjson', [{_id: 'fine', _type: 't'}, doc])
      expect(await failure(run(file))).toMatch(message)
    }
    expect([...dataset.documents()]).toEqual([])
    expect(dataset.calls).toEqual([])
  })

  it('names the line of invalid JSON and of invalid documents', async () => {
    const good = JSON.stringify({_id: 'a', _type: 't'})
    expect(await failure(run(await write('a.ndjson', `${good}\n{"_id": "b", oops}\n`)))).toMatch(
      /^Failed to parse line #2: /,
    )
    expect(await failure(run(await write('b.ndjson', `${good}\n\n{"_id":"c"}\n`)))).toBe(
      'Failed to parse line #3: Document did not contain required "_type" property of type string',
    )
    expect(
      await failure(run(await write('c.ndjson', `${good}\n{"_id":"x#1","_type":"t"}\n`))),
    ).toMatch(/line #2: Document ID "x#1" is not valid/)
    expect(await failure(run(await write('d.ndjson', `${good}\n[1,2]\n`)))).toMatch(
      /line #2: Expected a JSON object/,
    )
    expect(
      await failure(
        run(
          await write('e.ndjson', [
            {_id: 'a', _type: 't'},
            {_id: 'b', _type: 't'},
            {_id: 'a', _type: 't'},
          ]),
        ),
      ),
    ).toBe('Found 1 duplicate IDs in the source file:\n- a')
    expect(await failure(run(join(dir, 'missing.ndjson')))).toMatch(/File not found/)
    expect(dataset.calls).toEqual([])
  })

  it('create mode refuses existing ids, naming them, and imports nothing', async () => {
    dataset = createTestDataset('production', [{_id: 'b', _type: 't', old: true} as SanityDocument])
    const file = await write('data.ndjson', [
      {_id: 'a', _type: 't'},
      {_id: 'b', _type: 't'},
    ])
    const message = await failure(run(file))
    expect(message).toContain('already exist in dataset "production"')
    expect(message).toContain('- b')
    expect(message).toContain('--replace')
    expect(dataset.getDocument('a')).toBeUndefined()
  })

  it('replace mode overwrites and missing mode skips existing documents', async () => {
    dataset = createTestDataset('production', [{_id: 'b', _type: 't', old: true} as SanityDocument])
    const file = await write('data.ndjson', [
      {_id: 'a', _type: 't'},
      {_id: 'b', _type: 't', fresh: true},
    ])
    expect(await run(file, {mode: 'missing'})).toMatchObject({created: 1, skipped: 1, replaced: 0})
    expect(dataset.getDocument('b')).toMatchObject({old: true})
    expect(await run(file, {mode: 'replace'})).toMatchObject({created: 0, replaced: 2})
    expect(dataset.getDocument('b')).toMatchObject({fresh: true})
    expect(dataset.getDocument('b')).not.toHaveProperty('old')
  })

  it('writes in bounded batches, weakening references to later batches until all exist', async () => {
    const docs = Array.from({length: 7}, (_, i) => ({
      _id: `doc-${i}`,
      _type: 't',
      next: i < 6 ? {_type: 'reference', _ref: `doc-${i + 1}`} : undefined,
      prev: i > 0 ? {_type: 'reference', _ref: `doc-${i - 1}`} : undefined,
    }))
    const result = await run(await write('chain.ndjson', docs), {batchSize: 3})
    const writes = dataset.calls.filter((call) => call.some((m) => 'create' in m))
    expect(writes.map((call) => call.length)).toEqual([3, 3, 1])
    expect(result).toMatchObject({created: 7, transactions: 4})
    // Only references that crossed a batch boundary forward were weakened, and they are strong again.
    expect(dataset.calls[3]).toEqual([
      {patch: {id: 'doc-2', unset: ['next._weak']}},
      {patch: {id: 'doc-5', unset: ['next._weak']}},
    ])
    for (const doc of dataset.documents()) {
      expect(JSON.stringify(doc)).not.toContain('_weak')
    }
    const bytesBatches = createTestDataset('production')
    await run(
      await write(
        'big.ndjson',
        docs.map((doc) => ({...doc, text: 'x'.repeat(1000)})),
      ),
      {
        dataset: bytesBatches,
        batchBytes: 2500,
      },
    )
    expect(
      bytesBatches.calls.filter((call) => call.some((m) => 'create' in m)).map((c) => c.length),
    ).toEqual([2, 2, 2, 1])
  })

  it('skips system documents with a warning', async () => {
    const result = await run(
      await write('sys.ndjson', [
        {_id: '_.groups.admin', _type: 'system.group'},
        {_id: 'a', _type: 't'},
      ]),
    )
    expect(result.documents).toBe(1)
    expect(result.warnings).toEqual(['Skipped 1 system document(s): _.groups.admin'])
    expect(dataset.getDocument('_.groups.admin')).toBeUndefined()
  })
})
