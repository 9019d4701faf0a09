import {randomUUID} from 'node:crypto'

/** An id no other test run uses, so tests sharing a lake never meet each other's documents. */
export const uniqueId = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`
