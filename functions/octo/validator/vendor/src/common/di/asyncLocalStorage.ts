// Stands in for the validator's request-scoped store; the runner turns request contexts off.
import {AsyncLocalStorage} from 'node:async_hooks'

export const asyncLocalStorage = new AsyncLocalStorage<any>()
