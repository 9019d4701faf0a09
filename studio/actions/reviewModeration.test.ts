import {
  createSchema,
  validateDocument,
  type DocumentActionComponent,
  type DocumentActionDescription,
  type DocumentActionProps,
  type DocumentActionsContext,
  type DocumentBadgeComponent,
  type SanityDocument,
} from 'sanity'
import {describe, expect, it} from 'vitest'

import config from '../sanity.config'
import {contentSchemaTypes} from '../schemaTypes'
import {RejectedReviewBadge, guardReviewPublish, rejectedMessage} from './reviewModeration'

// Issue 42: after an editor chose a rejection reason, Publish said "There are validation errors…" although the
// rejection had been saved, and nothing said so. The rejection is now a saved decision that the studio names.
const schema = createSchema({name: 'content', types: contentSchemaTypes})
const review = (fields: Record<string, unknown> = {}) =>
  ({
    _id: 'drafts.review-abc',
    _type: 'review',
    _rev: 'r1',
    _createdAt: '2026-11-20T08:00:00Z',
    _updatedAt: '2026-11-20T08:00:00Z',
    experience: {_type: 'reference', _ref: 'experience-lions-head'},
    rating: 2,
    text: 'Buy cheap watches at example.com, best prices.',
    displayName: 'Spam B.',
    ...fields,
  }) as SanityDocument

async function markers(document: SanityDocument) {
  const client = {
    fetch: async () => null,
    withConfig: () => client,
    config: () => ({projectId: 'test', dataset: 'test'}),
  }
  const found = await validateDocument({
    document,
    workspace: {schema, getClient: () => client, i18n: undefined} as never,
    getDocumentExists: async () => true,
    environment: 'studio',
  } as never)
  return found.map(({level, message}) => ({level, message}))
}

describe('a rejected review’s validation', () => {
  it('says it is rejected and saved, as information, with no error that reads as a failed save', async () => {
    expect(await markers(review({rejectionReason: 'spam'}))).toEqual([
      {
        level: 'info',
        message:
          'Rejected (Spam) and saved. A rejected review is never published and the site never shows it; clear the reason to publish it.',
      },
    ])
    expect(await markers(review())).toEqual([])
  })
})

const props = (draft: SanityDocument | null, published: SanityDocument | null = null) =>
  ({id: 'review-abc', type: 'review', draft, published}) as unknown as DocumentActionProps
const publish: DocumentActionComponent = Object.assign(
  (): DocumentActionDescription => ({label: 'Publish', onHandle: () => undefined}),
  {action: 'publish' as const},
)

describe('Publish of a review', () => {
  it('is the studio’s own Publish while no reason is chosen', () => {
    expect(guardReviewPublish(publish)(props(review()))).toMatchObject({label: 'Publish'})
    expect(guardReviewPublish(publish).action).toBe('publish')
  })

  it('is a disabled “Rejected” that says the rejection is saved, once a reason is chosen', () => {
    expect(guardReviewPublish(publish)(props(review({rejectionReason: 'abuse'})))).toMatchObject({
      label: 'Rejected',
      disabled: true,
      title: rejectedMessage('abuse'),
    })
    expect(rejectedMessage('abuse')).toMatch(/^Rejected \(Abuse\) and saved\./)
  })

  it('is the guarded one in the studio’s content workspace, which also shows the badge', () => {
    const content = (Array.isArray(config) ? config : [config]).find(({name}) => name === 'content')!
    const actions = content.document?.actions
    const badges = content.document?.badges
    if (typeof actions !== 'function' || typeof badges !== 'function') throw new Error('per-type actions expected')
    const context = {schemaType: 'review'} as DocumentActionsContext
    const [guarded] = actions([publish], context)
    expect(guarded!(props(review({rejectionReason: 'spam'})))).toMatchObject({label: 'Rejected', disabled: true})
    expect(badges([], context as never)).toContain(RejectedReviewBadge)
  })
})

describe('the Rejected badge', () => {
  const badge = RejectedReviewBadge as DocumentBadgeComponent
  it('shows on a rejected review only', () => {
    expect(badge(props(review({rejectionReason: 'personalData'})) as never)).toMatchObject({
      label: 'Rejected',
      color: 'danger',
    })
    expect(badge(props(review()) as never)).toBeNull()
  })
})
