import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'
import {uniqueId} from '../src/testing/unique-id.ts'

// Referential integrity as hosted keeps it, through the real @sanity/client: error bodies are hosted's
// (`mutationError` with items of type documentReferenceDoesNotExistError / documentHasExistingReferencesError).
let lake: TestLake
let root: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
})
afterAll(() => lake.stop())


interface ClientError {
  statusCode: number
  details: {type: string; items: {index: number; error: Record<string, unknown>}[]}
}

async function rejection(promise: Promise<unknown>): Promise<ClientError> {
  try {
    await promise
  } catch (error) {
    return error as ClientError
  }
  throw new Error('expected the lake to refuse the request')
}

describe('strong references', () => {
  it('refuses a strong reference to a missing document with 409 and stores nothing', async () => {
    const id = uniqueId('story')
    const error = await rejection(
      root.create({_id: id, _type: 'story', experience: {_type: 'reference', _ref: 'no-such-experience'}}),
    )
    expect(error.statusCode).toBe(409)
    expect(error.details.type).toBe('mutationError')
    expect(error.details.items[0]!.error).toMatchObject({
      type: 'documentReferenceDoesNotExistError',
      id,
      referenceID: 'no-such-experience',
      description: `Document "${id}" references non-existent document "no-such-experience"`,
    })
    expect(await root.getDocument(id)).toBeUndefined()
  })

  it('checks references nested in arrays and objects, and in drafts', async () => {
    const error = await rejection(
      root.create({
        _id: `drafts.${uniqueId('story')}`,
        _type: 'story',
        related: [{_key: 'a', _type: 'reference', _ref: 'missing-in-array'}],
      }),
    )
    expect(error.details.items[0]!.error.referenceID).toBe('missing-in-array')
  })

  it('accepts weak and cross-dataset references to missing documents', async () => {
    const id = uniqueId('story')
    await root.create({
      _id: id,
      _type: 'story',
      weak: {_type: 'reference', _ref: 'not-yet', _weak: true},
      other: {_type: 'crossDatasetReference', _ref: 'elsewhere', _dataset: 'bookings', _projectId: 'local'},
    })
    expect(await root.getDocument(id)).toMatchObject({weak: {_ref: 'not-yet'}})
  })

  it('lets one transaction create a document and a reference to it, in any order', async () => {
    const target = uniqueId('experience')
    const referrer = uniqueId('story')
    await root
      .transaction()
      .create({_id: referrer, _type: 'story', experience: {_type: 'reference', _ref: target}})
      .create({_id: target, _type: 'experience'})
      .commit()
    expect(await root.getDocument(referrer)).toBeDefined()
  })

  it('refuses to delete a strongly referenced document, naming who references it', async () => {
    const target = uniqueId('experience')
    const referrer = uniqueId('story')
    await root.create({_id: target, _type: 'experience'})
    await root.create({_id: referrer, _type: 'story', experience: {_type: 'reference', _ref: target}})

    const error = await rejection(root.delete(target))
    expect(error.statusCode).toBe(409)
    expect(error.details.items[0]!.error).toMatchObject({
      type: 'documentHasExistingReferencesError',
      id: target,
      referencingIDs: [referrer],
      description: `Document "${target}" cannot be deleted as there are references to it from "${referrer}"`,
    })
    expect(await root.getDocument(target)).toBeDefined()

    // Patching the reference away, or deleting both at once, is fine.
    await root.transaction().delete(target).delete(referrer).commit()
    expect(await root.getDocument(target)).toBeUndefined()
  })

  it('refuses a patch that removes the target through a query delete and an unset reference elsewhere', async () => {
    const target = uniqueId('experience')
    const first = uniqueId('story')
    const second = uniqueId('story')
    await root.create({_id: target, _type: 'experience'})
    await root.create({_id: first, _type: 'story', experience: {_type: 'reference', _ref: target}})
    await root.create({_id: second, _type: 'story', experience: {_type: 'reference', _ref: target}})
    // Unsetting one of the two references is not enough.
    const error = await rejection(root.transaction().patch(first, (p) => p.unset(['experience'])).delete(target).commit())
    expect(error.details.items[0]!.error.referencingIDs).toEqual([second])
    expect(await root.getDocument(first)).toMatchObject({experience: {_ref: target}})
  })

  it('allows deleting a document referenced only weakly', async () => {
    const target = uniqueId('experience')
    await root.create({_id: target, _type: 'experience'})
    await root.create({_id: uniqueId('story'), _type: 'story', experience: {_type: 'reference', _ref: target, _weak: true}})
    await root.delete(target)
    expect(await root.getDocument(target)).toBeUndefined()
  })

  it('strengthens references on publish, as the studio expects (_strengthenOnPublish)', async () => {
    const target = uniqueId('experience')
    const story = uniqueId('story')
    await root.create({_id: `drafts.${target}`, _type: 'experience'})
    await root.create({
      _id: `drafts.${story}`,
      _type: 'story',
      experience: {_type: 'reference', _ref: target, _weak: true, _strengthenOnPublish: {type: 'experience'}},
      stillWeak: {_type: 'reference', _ref: target, _weak: true, _strengthenOnPublish: {type: 'experience', weak: true}},
    })
    // Publishing the story before its target would leave a strong reference dangling.
    const early = await rejection(
      root.action({actionType: 'sanity.action.document.publish', draftId: `drafts.${story}`, publishedId: story}),
    )
    expect(early.statusCode).toBe(409)

    await root.action({actionType: 'sanity.action.document.publish', draftId: `drafts.${target}`, publishedId: target})
    await root.action({actionType: 'sanity.action.document.publish', draftId: `drafts.${story}`, publishedId: story})
    const published = await root.getDocument(story)
    expect(published?.experience).toEqual({_type: 'reference', _ref: target})
    expect(published?.stillWeak).toEqual({_type: 'reference', _ref: target, _weak: true})
    expect((await rejection(root.delete(target))).statusCode).toBe(409)
  })
})
