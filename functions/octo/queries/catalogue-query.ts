import {defineQuery} from 'groq'

import {catalogueProjection, SELLABLE} from './catalogue-projection.ts'

/** Every experience opened to resellers, by title. */
export const catalogueQuery = defineQuery(`*[${SELLABLE}] | order(title asc) ${catalogueProjection}`)
