import {existsSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {PassThrough} from 'node:stream'

import {describe, expect, it} from 'vitest'

import {createTestDataset} from '../assets/test-dataset.ts'
import type {SanityDocument} from '../store/types.ts'
import {exportDataset, exportDocuments} from './export-dataset.ts'

const docs: SanityDocument[] = [
  {_id: 'venue-b', _type: 'venue', name: 'Kalk Bay'},
  {_id: 'drafts.event-1', _type: 'event', title: 'Draft walk'},
  {
    _id: 'event-1',
    _type: 'event',
    title: 'Walk',
    image: {_type: 'image', asset: {_type: 'reference', _ref: 'image-abc-10x10-png'}},
  },
  {_id: 'image-abc-10x10-png', _type: 'sanity.imageAsset', url: 'http://x'},
  {_id: 'file-def-pdf', _type: 'sanity.fileAsset', url: 'http://y'},
  {_id: '_.groups.public', _type: 'system.group'},
  {_id: 'venue-a', _type: 'venue', name: 'Bo-Kaap'},
]

describe('exportDataset', () => {
  it('writes every document but system ones as NDJSON, sorted by id', async () => {
    const dataset = createTestDataset('production', docs)
    const output = new PassThrough()
    const chunks: Buffer[] = []
    output.on('data', (chunk: Buffer) => chunks.push(chunk))
    const result = await exportDataset({dataset, output})
    output.end()
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n')
    expect(result.documents).toBe(6)
    expect(lines.map((line) => (JSON.parse(line) as SanityDocument)._id)).toEqual([
      'drafts.event-1',
      'event-1',
      'file-def-pdf',
      'image-abc-10x10-png',
      'venue-a',
      'venue-b',
    ])
    expect(JSON.parse(lines[1]!)).toEqual(docs[2])
  })

  it('leaves drafts out and filters by type, keeping the assets those documents use', () => {
    const dataset = createTestDataset('production', docs)
    expect(exportDocuments({dataset, drafts: false}).map((doc) => doc._id)).not.toContain(
      'drafts.event-1',
    )
    expect(
      exportDocuments({dataset, types: ['event'], drafts: false}).map((doc) => doc._id),
    ).toEqual(['event-1', 'image-abc-10x10-png'])
    expect(exportDocuments({dataset, types: ['venue']}).map((doc) => doc._id)).toEqual([
      'venue-a',
      'venue-b',
    ])
  })

  it('keeps references whose asset file is missing when copying assets, with a warning', async () => {
    const dataset = createTestDataset('production', [
      docs[2]!,
      {...docs[3]!, sha1hash: 'a'.repeat(40), extension: 'png'},
    ])
    const output = new PassThrough()
    output.resume()
    const result = await exportDataset({
      dataset,
      output,
      assets: {
        dataDir: join(tmpdir(), 'lake-no-such-data-dir'),
        folder: join(tmpdir(), 'lake-no-export'),
      },
    })
    expect(result).toMatchObject({documents: 1, assets: 0})
    expect(result.warnings).toEqual([
      'The file of asset "image-abc-10x10-png" is missing; its references are kept as they are',
    ])
    expect(existsSync(join(tmpdir(), 'lake-no-export'))).toBe(false)
  })
})
