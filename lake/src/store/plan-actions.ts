import {publishedIdOf} from '../query/run-query.ts'
import type {DocumentReader} from './plan-mutations.ts'
import {strengthenOnPublish} from './references.ts'
import {LakeError, type Mutation, type SanityDocument} from './types.ts'

const fail = (description: string, status = 409) =>
  new LakeError(status, 'actionError', description)

const contentOf = (doc: SanityDocument, id: string): Record<string, unknown> => {
  const {_rev: _rev, _updatedAt: _updatedAt, _originalId: _originalId, ...rest} = doc
  return {...rest, _id: id}
}

function requireString(action: Record<string, unknown>, key: string): string {
  const value = action[key]
  if (typeof value !== 'string' || value === '') {
    throw fail(`${String(action.actionType)} needs \`${key}\``, 400)
  }
  return value
}

function requireVariantOf(publishedId: string, id: string) {
  if (publishedIdOf(id) !== publishedId || id === publishedId) {
    throw fail(`"${id}" is not a draft or version of "${publishedId}"`, 400)
  }
}

/**
 * Translates Actions API actions (https://www.sanity.io/docs/http-actions) into the raw mutations
 * they amount to, per document. Listeners receive these, so the studio can replay them on its copy.
 */
export function actionsToMutations(actions: unknown, reader: DocumentReader): Mutation[] {
  if (!Array.isArray(actions) || actions.length === 0) {
    throw fail('`actions` must be a non-empty array', 400)
  }
  const mutations: Mutation[] = []
  // Later actions in one request see the effects of earlier ones.
  const working = new Map<string, SanityDocument | null>()
  const get = (id: string) => (working.has(id) ? working.get(id) : reader.get(id)) ?? null

  for (const raw of actions) {
    if (typeof raw !== 'object' || raw === null) throw fail('Each action must be an object', 400)
    const action = raw as Record<string, unknown>
    switch (action.actionType) {
      case 'sanity.action.document.create': {
        const publishedId = requireString(action, 'publishedId')
        const attributes = action.attributes as SanityDocument | undefined
        if (!attributes || typeof attributes._id !== 'string') throw fail('create needs attributes with `_id`', 400)
        requireVariantOf(publishedId, attributes._id)
        if (get(attributes._id)) {
          if (action.ifExists === 'ignore') break
          throw fail(`Document "${attributes._id}" already exists`)
        }
        mutations.push({create: attributes})
        working.set(attributes._id, attributes)
        break
      }
      case 'sanity.action.document.edit': {
        const draftId = requireString(action, 'draftId')
        const publishedId = requireString(action, 'publishedId')
        requireVariantOf(publishedId, draftId)
        const draft = get(draftId)
        if (!draft) {
          const published = get(publishedId)
          if (!published) throw fail(`Cannot edit "${publishedId}": it has no draft and is not published`)
          const base = contentOf(published, draftId) as SanityDocument
          mutations.push({createIfNotExists: base})
          working.set(draftId, base)
        }
        mutations.push({patch: {...(action.patch as object), id: draftId}})
        break
      }
      case 'sanity.action.document.publish': {
        const draftId = requireString(action, 'draftId')
        const publishedId = requireString(action, 'publishedId')
        const draft = get(draftId)
        if (!draft) throw fail(`Cannot publish "${publishedId}": there is no draft "${draftId}"`)
        if (action.ifDraftRevisionId && draft._rev !== action.ifDraftRevisionId) {
          throw fail(`The draft of "${publishedId}" has changed since revision ${String(action.ifDraftRevisionId)}`)
        }
        const published = get(publishedId)
        if (action.ifPublishedRevisionId && published?._rev !== action.ifPublishedRevisionId) {
          throw fail(`"${publishedId}" has changed since revision ${String(action.ifPublishedRevisionId)}`)
        }
        const content = strengthenOnPublish(contentOf(draft, publishedId))
        if (published?._createdAt) content._createdAt = published._createdAt
        mutations.push({createOrReplace: content}, {delete: {id: draftId}})
        working.set(publishedId, content as SanityDocument)
        working.set(draftId, null)
        break
      }
      case 'sanity.action.document.unpublish': {
        const draftId = requireString(action, 'draftId')
        const publishedId = requireString(action, 'publishedId')
        const published = get(publishedId)
        if (!published) throw fail(`Cannot unpublish "${publishedId}": it is not published`)
        if (!get(draftId)) {
          const draft = contentOf(published, draftId) as SanityDocument
          mutations.push({create: draft})
          working.set(draftId, draft)
        }
        mutations.push({delete: {id: publishedId}})
        working.set(publishedId, null)
        break
      }
      case 'sanity.action.document.delete': {
        const publishedId = requireString(action, 'publishedId')
        const drafts = Array.isArray(action.includeDrafts) ? (action.includeDrafts as string[]) : []
        const ids = [publishedId, ...drafts].filter((id) => get(id))
        if (ids.length === 0) throw fail(`Cannot delete "${publishedId}": it does not exist`)
        // As hosted's Actions API: `purge` deletes the documents' history too (see plan-mutations.ts).
        for (const id of ids) {
          mutations.push({delete: action.purge === true ? {id, purge: true} : {id}})
          working.set(id, null)
        }
        break
      }
      case 'sanity.action.document.discard':
      case 'sanity.action.document.version.discard': {
        const id =
          action.actionType === 'sanity.action.document.discard'
            ? requireString(action, 'draftId')
            : requireString(action, 'versionId')
        if (!get(id)) throw fail(`Cannot discard "${id}": it does not exist`)
        mutations.push({delete: action.purge === true ? {id, purge: true} : {id}})
        working.set(id, null)
        break
      }
      case 'sanity.action.document.replaceDraft': {
        const publishedId = requireString(action, 'publishedId')
        const attributes = action.attributes as SanityDocument | undefined
        if (!attributes || typeof attributes._id !== 'string') throw fail('replaceDraft needs attributes with `_id`', 400)
        requireVariantOf(publishedId, attributes._id)
        mutations.push({createOrReplace: attributes})
        working.set(attributes._id, attributes)
        break
      }
      case 'sanity.action.document.version.create': {
        const publishedId = requireString(action, 'publishedId')
        let document = action.document as SanityDocument | undefined
        if (!document && typeof action.baseId === 'string' && typeof action.versionId === 'string') {
          const base = get(action.baseId)
          if (!base) throw fail(`Cannot create a version from "${action.baseId}": it does not exist`)
          if (action.ifBaseRevisionId && base._rev !== action.ifBaseRevisionId) {
            throw fail(`"${action.baseId}" has changed since revision ${String(action.ifBaseRevisionId)}`)
          }
          document = contentOf(base, action.versionId) as SanityDocument
        }
        if (!document || typeof document._id !== 'string') throw fail('version.create needs a document', 400)
        requireVariantOf(publishedId, document._id)
        mutations.push({create: document})
        working.set(document._id, document)
        break
      }
      case 'sanity.action.document.version.replace': {
        const document = action.document as SanityDocument | undefined
        if (!document || typeof document._id !== 'string') throw fail('version.replace needs a document', 400)
        if (!get(document._id)) throw fail(`Cannot replace "${document._id}": it does not exist`)
        mutations.push({createOrReplace: document})
        working.set(document._id, document)
        break
      }
      default:
        throw fail(`Unsupported action type "${String(action.actionType)}"`, 400)
    }
  }
  return mutations
}
