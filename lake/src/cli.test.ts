import {mkdir, readFile, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {PassThrough} from 'node:stream'

import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {sha1Hex} from './assets/asset-storage.ts'
import {tempDataDir, twoToneImage} from './assets/test-images.ts'
import {runCli} from './cli.ts'
import {openLake} from './store/open-lake.ts'

function capture() {
  const stream = new PassThrough()
  let text = ''
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
  return {stream, text: () => text}
}

describe('lake command line', () => {
  let dir: string
  let cleanup: () => Promise<void>
  beforeEach(async () => ({dataDir: dir, cleanup} = await tempDataDir()))
  afterEach(() => cleanup())

  const run = async (...argv: string[]) => {
    const stdout = capture()
    const stderr = capture()
    const code = await runCli(argv, {
      env: {DATA_DIR: join(dir, 'data')},
      stdout: stdout.stream,
      stderr: stderr.stream,
    })
    return {code, stdout: stdout.text(), stderr: stderr.text()}
  }

  it('imports NDJSON with images into the real store and exports it again', async () => {
    await mkdir(join(dir, 'seed', 'images'), {recursive: true})
    const jpg = await twoToneImage(32, 16, 'jpeg')
    await writeFile(join(dir, 'seed', 'images', 'lions-head.jpg'), jpg)
    const seed = [
      {_id: 'venue-1', _type: 'venue', name: 'Signal Hill'},
      {
        _id: 'event-1',
        _type: 'event',
        title: 'Sunrise hike',
        venue: {_type: 'reference', _ref: 'venue-1'},
        image: {_type: 'image', _sanityAsset: 'image@file://./images/lions-head.jpg'},
      },
      {_id: 'drafts.event-1', _type: 'event', title: 'Sunrise hike (draft)'},
    ]
    const file = join(dir, 'seed', 'content.ndjson')
    await writeFile(file, seed.map((doc) => JSON.stringify(doc)).join('\n'))

    const imported = await run('import', file)
    expect(imported.stderr).toContain('3 created')
    expect(imported.code).toBe(0)

    const again = await run('import', file)
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already exist in dataset "production"')
    expect((await run('import', file, '--missing')).stderr).toContain('3 skipped')
    expect((await run('import', file, '--replace')).stderr).toContain('3 replaced')

    const out = join(dir, 'export.ndjson')
    const exported = await run('export', '--out', out, '--no-drafts')
    expect(exported.code).toBe(0)
    const lines = (await readFile(out, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    const imageId = `image-${sha1Hex(jpg)}-32x16-jpg`
    expect(lines.map((doc) => doc._id)).toEqual(['event-1', imageId, 'venue-1'])
    expect(lines[0].image).toEqual({_type: 'image', asset: {_type: 'reference', _ref: imageId}})
    expect(lines[1]).toMatchObject({
      _type: 'sanity.imageAsset',
      url: `http://127.0.0.1:3333/images/local/production/${sha1Hex(jpg)}-32x16.jpg`,
    })

    const toStdout = await run('export', '--types', 'venue')
    expect(
      toStdout.stdout
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line)._id),
    ).toEqual(['venue-1'])
  })

  it('round-trips a dataset with its asset files into another data directory with --assets', async () => {
    await mkdir(join(dir, 'seed'), {recursive: true})
    const png = await twoToneImage(20, 10, 'png')
    await writeFile(join(dir, 'seed', 'Bo Kaap #1.png'), png)
    await writeFile(join(dir, 'seed', 'guide.pdf'), '%PDF-1.4 guide')
    const seed = [
      {
        _id: 'e1',
        _type: 'event',
        image: {
          _type: 'image',
          alt: 'Colourful',
          _sanityAsset: 'image@file://./Bo%20Kaap%20%231.png',
        },
      },
      {
        _id: 'e2',
        _type: 'event',
        attachments: [{_key: 'k', _type: 'file', _sanityAsset: 'file@file://./guide.pdf'}],
      },
    ]
    await writeFile(
      join(dir, 'seed', 'seed.ndjson'),
      seed.map((doc) => JSON.stringify(doc)).join('\n'),
    )
    expect((await run('import', join(dir, 'seed', 'seed.ndjson'))).code).toBe(0)

    const out = join(dir, 'backup', 'production.ndjson')
    await mkdir(join(dir, 'backup'))
    const exported = await run('export', '--out', out, '--assets')
    expect(exported.stderr).toContain('2 document(s) and 2 asset file(s)')
    const lines = (await readFile(out, 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(lines.map((doc) => doc._id)).toEqual(['e1', 'e2'])
    expect(lines[0].image).toEqual({
      _type: 'image',
      alt: 'Colourful',
      _sanityAsset: `image@file://./images/${sha1Hex(png)}/Bo%20Kaap%20%231.png`,
    })

    const other = join(dir, 'other')
    const stdout = capture()
    const stderr = capture()
    const code = await runCli(['import', out], {
      env: {DATA_DIR: other},
      stdout: stdout.stream,
      stderr: stderr.stream,
    })
    expect(stderr.text()).toContain('2 asset(s)')
    expect(code).toBe(0)
    const lake = openLake({dataDir: other})
    try {
      const production = lake.dataset('production')
      const imageId = `image-${sha1Hex(png)}-20x10-png`
      expect(production.getDocument('e1')!.image).toEqual({
        _type: 'image',
        alt: 'Colourful',
        asset: {_type: 'reference', _ref: imageId},
      })
      expect(production.getDocument(imageId)).toMatchObject({originalFilename: 'Bo Kaap #1.png'})
    } finally {
      lake.close()
    }
    expect(
      await readFile(
        join(other, 'assets', 'production', sha1Hex(png).slice(0, 2), `${sha1Hex(png)}.png`),
      ),
    ).toEqual(png)
  })

  it('prints the usage on bad arguments', async () => {
    for (const argv of [
      [],
      ['frobnicate'],
      ['import'],
      ['import', 'a', 'b'],
      ['import', 'a', '--replace', '--missing'],
      ['export', '--bogus'],
    ]) {
      const result = await run(...argv)
      expect(result.code, argv.join(' ')).toBe(2)
      expect(result.stderr).toContain('Usage:')
    }
    expect((await run('--help')).stdout).toContain('lake import <file.ndjson>')
  })

  it('reports clear errors for unknown datasets and a data directory in use', async () => {
    const unknown = await run('export', '--dataset', 'nope')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('Dataset "nope" not found')

    // A lock file naming a live process other than this one: the running lake server's.
    await mkdir(join(dir, 'data'), {recursive: true})
    await writeFile(join(dir, 'data', 'lake.lock'), String(process.ppid))
    // The lock file was written readable by others: the lake says it made it private.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const locked = await run('export')
    const warnings = warn.mock.calls.map(([message]) => message)
    warn.mockRestore()
    expect(warnings).toEqual([expect.stringMatching(/lake\.lock was readable by others; made private/)])
    expect(locked.code).toBe(1)
    expect(locked.stderr).toMatch(/in use by process/)
  })

  it('leaves the store closed so it can be opened afterwards', async () => {
    await run('export')
    const lake = openLake({dataDir: join(dir, 'data')})
    lake.close()
  })
})
