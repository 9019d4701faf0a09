/**
 * A Content Lake 409: a `create` of an existing id, or an `ifRevisionID` that no longer matches. `@sanity/client`
 * puts the HTTP status on the error it throws, the same for hosted Sanity and the local lake. Shared by the
 * functions and the studio's actions, which both retry or report a lost race on it.
 */
export const isConflict = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as {statusCode?: number}).statusCode === 409
