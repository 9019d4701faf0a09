import type {Mutation} from '@sanity/client'

/**
 * A delete that takes the document's history with it (its transactions and earlier revisions): the mutate API's
 * `purge`, the one way hosted Sanity offers (API v2023-03-07 and later; docs/decisions/105). @sanity/client's
 * types do not name it yet, so the cast lives here once.
 */
export const purgeMutation = (id: string): Mutation =>
  ({delete: {id, purge: true}}) as unknown as Mutation

/** The same, for every document a GROQ query selects. */
export const purgeByQuery = (query: string, params: Record<string, unknown>): Mutation =>
  ({delete: {query, params, purge: true}}) as unknown as Mutation
