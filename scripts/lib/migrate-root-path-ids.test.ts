import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {afterEach, describe, expect, it, vi} from 'vitest'

import {lakeConfigFromEnv} from '../../lake/src/config.ts'
import {openLake} from '../../lake/src/store/open-lake.ts'
import type {SanityDocument} from '../../lake/src/store/types.ts'
import {migrateDataFolder} from './migrate-root-path-ids.ts'

const ref = (id: string, extra: Record<string, unknown> = {}) => ({_type: 'reference', _ref: id, ...extra})

async function write(dataDir: string, documents: SanityDocument[]) {
  const lake = openLake({dataDir})
  try {
    await lake.dataset('production').mutate(documents.map((doc) => ({create: doc})))
  } finally {
    lake.close()
  }
}

function read(dataDir: string): Map<string, SanityDocument> {
  const lake = openLake({dataDir})
  try {
    return new Map([...lake.dataset('production').documents()].map((doc) => [doc._id, doc]))
  } finally {
    lake.close()
  }
}

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, {recursive: true, force: true})
})

describe('moving content to root-path ids', () => {
  it('moves published documents, drafts and versions with every reference, keeping editors’ changes; a second run does nothing', async () => {
    // A data folder as an older version left it: content under paths, an editor's change, a draft.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'old-data-'))
    folders.push(dataDir)
    await write(dataDir, [
      {_id: 'experience.lions-head', _type: 'experience', title: 'Edited by an editor', price: 500},
      {_id: 'drafts.experience.lions-head', _type: 'experience', title: 'Draft in progress'},
      {_id: 'versions.summer.experience.lions-head', _type: 'experience', title: 'Summer edition'},
      {_id: 'settings.lions-head', _type: 'experienceSettings', experience: ref('experience.lions-head')},
      {
        _id: 'story.jazz',
        _type: 'story',
        body: [{_key: 'b', _type: 'block', markDefs: [{_key: 'm', _type: 'experienceLink', experience: ref('experience.lions-head')}], children: []}],
        related: [{_key: 'r', ...ref('experience.robben', {_weak: true})}],
      },
      {_id: 'homePage', _type: 'homePage', featuredStories: [{_key: 's', ...ref('story.jazz')}]},
      // Its new id is taken: it stays where it is, and so do references to it.
      {_id: 'testimonial.1', _type: 'testimonial', quote: 'Old'},
      {_id: 'testimonial-1', _type: 'testimonial', quote: 'New'},
      {_id: 'guide', _type: 'guide', favourite: ref('testimonial.1')},
    ])
    const config = {...lakeConfigFromEnv({}), dataDir}
    // It tells the operator what it moved and what it left.
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await migrateDataFolder(config)
    expect(log.mock.calls).toEqual([[expect.stringMatching(/^Moved 5 documents to ids at the root path/)]])
    expect(warn.mock.calls).toEqual([['Left under a path, because their new id is taken: testimonial.1']])
    log.mockClear()
    warn.mockClear()
    const after = read(dataDir)

    expect([...after.keys()].sort()).toEqual([
      'drafts.experience-lions-head',
      'experience-lions-head',
      'guide',
      'homePage',
      'settings-lions-head',
      'story-jazz',
      'testimonial-1',
      'testimonial.1',
      'versions.summer.experience-lions-head',
    ])
    expect(after.get('experience-lions-head')).toMatchObject({title: 'Edited by an editor', price: 500})
    expect(after.get('drafts.experience-lions-head')).toMatchObject({title: 'Draft in progress'})
    expect(after.get('settings-lions-head')?.experience).toEqual(ref('experience-lions-head'))
    const story = after.get('story-jazz') as Record<string, any>
    expect(story.body[0].markDefs[0].experience._ref).toBe('experience-lions-head')
    // A weak reference to a document that no longer exists has nothing to follow.
    expect(story.related[0]).toEqual({_key: 'r', ...ref('experience.robben', {_weak: true})})
    expect((after.get('homePage') as Record<string, any>).featuredStories[0]._ref).toBe('story-jazz')
    expect((after.get('guide') as Record<string, any>).favourite._ref).toBe('testimonial.1')

    // Idempotent: nothing left to move, nothing written.
    const revisions = new Map([...after].map(([id, doc]) => [id, doc._rev]))
    await migrateDataFolder(config)
    expect(log.mock.calls).toEqual([])
    expect(warn.mock.calls).toEqual([['Left under a path, because their new id is taken: testimonial.1']])
    log.mockRestore()
    warn.mockRestore()
    const again = read(dataDir)
    expect(new Map([...again].map(([id, doc]) => [id, doc._rev]))).toEqual(revisions)
  })
})
