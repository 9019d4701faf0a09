import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {createClient, type SanityClient} from '@sanity/client'
import {exportDataset} from '@sanity/export'
import {sanityImport} from '@sanity/import'
import sharp from 'sharp'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {lakeConfigFromEnv} from '../src/config.ts'
import {startLake, type RunningLake} from '../src/server.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// The datasets API and the export endpoint, driven by Sanity's own packages: `client.datasets`,
// `@sanity/export` (what `sanity dataset export` runs) and `@sanity/import` (`sanity dataset import`).
let lake: TestLake
let root: SanityClient
let workDir: string

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lake-export-'))
})
afterAll(async () => {
  await lake.stop()
  fs.rmSync(workDir, {recursive: true, force: true})
})

const api = (pathname: string, init: RequestInit & {token?: string | null} = {}) => {
  const {token = lake.secrets.rootToken, ...rest} = init
  return fetch(`${lake.url}/v2021-06-07${pathname}`, {
    ...rest,
    headers: {...(token ? {authorization: `Bearer ${token}`} : {}), 'content-type': 'application/json'},
  })
}

const withoutSystemFields = ({_rev: _r, _updatedAt: _u, _createdAt: _c, ...doc}: Record<string, unknown>) => doc

describe('datasets API', () => {
  it('lists, creates, changes the ACL mode of and deletes datasets through client.datasets', async () => {
    const before = await root.datasets.list()
    expect(before.map((dataset) => dataset.name).sort()).toEqual(['bookings', 'production'])
    expect(before.find((dataset) => dataset.name === 'bookings')).toMatchObject({aclMode: 'private'})

    expect(await root.datasets.create('staging', {aclMode: 'private'})).toEqual({
      datasetName: 'staging',
      aclMode: 'private',
      description: null,
    })
    const staging = root.withConfig({dataset: 'staging'})
    await staging.create({_id: 'hello', _type: 'note'})
    const anonymous = lake.client({dataset: 'staging'})
    await expect(anonymous.fetch('*')).rejects.toMatchObject({statusCode: 401})

    expect(await root.datasets.edit('staging', {aclMode: 'public'})).toMatchObject({aclMode: 'public'})
    expect(await anonymous.fetch('*[]._id')).toEqual(['hello'])

    expect(await root.datasets.delete('staging')).toEqual({deleted: true})
    expect((await root.datasets.list()).map((dataset) => dataset.name)).not.toContain('staging')
    await expect(staging.fetch('*')).rejects.toMatchObject({statusCode: 404})

    // A dataset created again under the same name starts empty.
    await root.datasets.create('staging')
    expect(await staging.fetch('count(*)')).toBe(0)
    await root.datasets.delete('staging')
  })

  it('keeps a created dataset, its documents and its ACL mode across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(workDir, 'restart-'))
    const config = {...lakeConfigFromEnv({}), dataDir, port: 0, tlsPort: 0}
    const clientOf = (running: RunningLake) =>
      createClient({projectId: 'local', dataset: 'kept', apiHost: running.url, useProjectHostname: false, apiVersion: '2025-02-19', useCdn: false, token: running.secrets.rootToken})
    const first = await startLake(config)
    await clientOf(first).datasets.create('kept', {aclMode: 'public'})
    await clientOf(first).datasets.edit('production', {aclMode: 'private'})
    await clientOf(first).create({_id: 'note', _type: 'note'})
    await first.close()

    const second = await startLake(config)
    try {
      const list = await clientOf(second).datasets.list()
      expect(list.find((dataset) => dataset.name === 'kept')).toMatchObject({aclMode: 'public', datasetProfile: 'content'})
      expect(list.find((dataset) => dataset.name === 'production')).toMatchObject({aclMode: 'private'})
      expect(await clientOf(second).fetch('*[]._id')).toEqual(['note'])
    } finally {
      await second.close()
    }
  })

  it('refuses invalid names with the CLI messages and changes nothing', async () => {
    const cases: [string, string][] = [
      ['Upper', 'Dataset name must be all lowercase characters'],
      ['a', 'Dataset name must be at least two characters long'],
      ['x'.repeat(65), 'Dataset name must be at most 64 characters'],
      ['-dash', 'Dataset name must start with a letter or a number'],
      ['has.dot', 'Dataset name must only contain letters, numbers, dashes and underscores'],
      ['%2E%2E%2Fx', 'Dataset name must start with a letter or a number'],
      ['%E0%A4%A', 'The URL has a malformed percent-escape'],
      ['ends-', 'Dataset name must not end with a dash or an underscore'],
    ]
    for (const [name, message] of cases) {
      const response = await api(`/projects/local/datasets/${name}`, {method: 'PUT', body: '{}'})
      expect(response.status, name).toBe(400)
      expect(JSON.stringify(await response.json())).toContain(message)
    }
    const traversal = await api('/datasets/..%2Fx', {method: 'PUT'})
    expect(traversal.status).toBe(400)
    expect((await root.datasets.list()).map((dataset) => dataset.name).sort()).toEqual(['bookings', 'production'])
  })

  it('answers conflicts, unknown datasets, bad bodies and missing rights with a clear 4xx', async () => {
    expect((await api('/datasets/production', {method: 'PUT'})).status).toBe(409)
    expect((await api('/datasets/no-such-dataset', {method: 'DELETE'})).status).toBe(404)
    expect((await api('/datasets/no-such-dataset', {method: 'PATCH', body: '{"aclMode":"private"}'})).status).toBe(404)
    expect((await api('/datasets/fresh', {method: 'PUT', body: '{"aclMode":"secret"}'})).status).toBe(400)
    expect((await api('/datasets/fresh', {method: 'PUT', body: '{not json'})).status).toBe(400)
    expect((await api('/datasets/fresh', {method: 'POST'})).status).toBe(405)
    expect((await api('/datasets', {token: null})).status).toBe(401)
    expect((await api('/datasets/fresh', {method: 'PUT', token: null})).status).toBe(401)
    expect((await api('/datasets/fresh', {method: 'PUT', token: lake.secrets.editorToken})).status).toBe(403)
    expect((await api('/datasets/production', {method: 'DELETE', token: lake.secrets.writeToken})).status).toBe(403)
    expect((await root.datasets.list()).map((dataset) => dataset.name).sort()).toEqual(['bookings', 'production'])
    expect(await root.fetch('count(*)')).toBeGreaterThanOrEqual(0)
  })
})

describe('export endpoint', () => {
  it('streams NDJSON of every document a token may read, drafts included, and honours types', async () => {
    await root.datasets.create('exported', {aclMode: 'private'})
    const client = root.withConfig({dataset: 'exported'})
    await client
      .transaction()
      .create({_id: 'b-doc', _type: 'story', title: 'B'})
      .create({_id: 'a-doc', _type: 'experience', title: 'A'})
      .create({_id: 'drafts.a-doc', _type: 'experience', title: 'A draft'})
      .commit()

    const response = await fetch(`${lake.url}/v2021-06-07/data/export/exported`, {
      headers: {authorization: `Bearer ${lake.secrets.readToken}`},
    })
    expect(response.headers.get('content-type')).toContain('application/x-ndjson')
    const lines = (await response.text()).trim().split('\n').map((line) => JSON.parse(line))
    expect(lines.map((doc) => doc._id)).toEqual(['a-doc', 'b-doc', 'drafts.a-doc'])

    const typed = await fetch(`${lake.url}/v2021-06-07/data/export/exported?types=story`, {
      headers: {authorization: `Bearer ${lake.secrets.readToken}`},
    })
    expect((await typed.text()).trim().split('\n').map((line) => JSON.parse(line)._id)).toEqual(['b-doc'])

    // A private dataset is closed to anonymous callers, an unknown one is 404, and nothing changed.
    const anonymous = await fetch(`${lake.url}/v2021-06-07/data/export/exported`)
    expect(anonymous.status).toBe(401)
    expect((await fetch(`${lake.url}/v2021-06-07/data/export/nope`, {headers: {authorization: `Bearer ${lake.secrets.rootToken}`}})).status).toBe(404)
    expect((await fetch(`${lake.url}/v2021-06-07/data/export/exported`, {method: 'POST', headers: {authorization: `Bearer ${lake.secrets.rootToken}`}})).status).toBe(405)
    expect(await client.fetch('count(*)')).toBe(3)
    await root.datasets.delete('exported')
  })

  it('shows anonymous callers of a public dataset only documents at the root path', async () => {
    await root.datasets.create('open', {aclMode: 'public'})
    await root
      .withConfig({dataset: 'open'})
      .transaction()
      .create({_id: 'visible', _type: 'note'})
      .create({_id: 'drafts.visible', _type: 'note'})
      .create({_id: 'some.path.doc', _type: 'note'})
      .commit()
    const text = await (await fetch(`${lake.url}/v2021-06-07/data/export/open`)).text()
    expect(text.trim().split('\n').map((line) => JSON.parse(line)._id)).toEqual(['visible'])
    await root.datasets.delete('open')
  })

  it('round-trips a dataset with its images through @sanity/export and @sanity/import', async () => {
    await root.datasets.create('source', {aclMode: 'public'})
    const source = root.withConfig({dataset: 'source'})
    const png = await sharp({create: {width: 64, height: 48, channels: 3, background: '#2a9d8f'}}).png().toBuffer()
    const image = await source.assets.upload('image', png, {filename: 'cove.png'})
    await source
      .transaction()
      .create({
        _id: 'experience-cove',
        _type: 'experience',
        title: 'Cove walk',
        image: {_type: 'image', alt: 'A cove', asset: {_type: 'reference', _ref: image._id}},
      })
      .create({_id: 'story-cove', _type: 'story', experience: {_type: 'reference', _ref: 'experience-cove'}})
      .create({_id: 'drafts.story-cove', _type: 'story', title: 'Draft', experience: {_type: 'reference', _ref: 'experience-cove'}})
      .commit()

    const tarball = path.join(workDir, 'source.tar.gz')
    await exportDataset({client: source, dataset: 'source', outputPath: tarball, assets: true, drafts: true})
    expect(fs.statSync(tarball).size).toBeGreaterThan(0)

    await root.datasets.create('copy', {aclMode: 'private'})
    const copy = root.withConfig({dataset: 'copy'})
    const result = await sanityImport(fs.createReadStream(tarball), {client: copy, operation: 'create'})
    expect(result.numDocs).toBe(3)

    const contentOf = async (client: SanityClient) =>
      ((await client.fetch('*[!(_type match "sanity.*")] | order(_id)')) as Record<string, unknown>[]).map(withoutSystemFields)
    expect(await contentOf(copy)).toEqual(await contentOf(source))
    const copiedImage = await copy.fetch('*[_type == "sanity.imageAsset"][0]{_id, sha1hash, url}')
    expect(copiedImage).toMatchObject({_id: image._id, sha1hash: image.sha1hash})
    expect(copiedImage.url).toContain('/copy/')
    // The copy is private, its documents closed; its files, as on Sanity's CDN, are served by URL.
    expect((await fetch(copiedImage.url)).status).toBe(200)
    await expect(lake.client({dataset: 'copy'}).fetch('*')).rejects.toMatchObject({statusCode: 401})
  })
})
