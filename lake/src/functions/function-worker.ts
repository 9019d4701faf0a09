import {parentPort, workerData} from 'node:worker_threads'

import '../sanity-cli/resolve-localhost.ts'

/**
 * Runs one function's handler, as Sanity's function runtime does: its module is loaded once per instance (a warm
 * instance keeps its module state between invocations), and each invocation gets `{context, event}`. Answers
 * `{id, ok}` or `{id, error}`; the lake decides on retries.
 */
type Invocation = {id: number; context: unknown; event: unknown}
type Handler = (envelope: {context: unknown; event: unknown}) => unknown

const {modulePath} = workerData as {modulePath: string}
const module = (await import(modulePath)) as {handler?: Handler}
if (typeof module.handler !== 'function') throw new Error(`${modulePath} exports no handler`)
const handler = module.handler

parentPort!.on('message', ({id, context, event}: Invocation) => {
  Promise.resolve()
    .then(() => handler({context, event}))
    .then(
      () => parentPort!.postMessage({id, ok: true}),
      (error: unknown) =>
        parentPort!.postMessage({id, ok: false, error: error instanceof Error ? (error.stack ?? error.message) : String(error)}),
    )
})
