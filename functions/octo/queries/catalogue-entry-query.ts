import {defineQuery} from 'groq'

import {catalogueProjection, SELLABLE} from './catalogue-projection.ts'

/** One experience opened to resellers, by document id. */
export const catalogueEntryQuery = defineQuery(`*[${SELLABLE} && _id == $id][0]${catalogueProjection}`)
