import {config} from 'zod'

/**
 * Zod, for every schema the browser loads: imported from here, never from 'zod' (eslint.config.js says so).
 *
 * Zod compiles its object parsers with `new Function` where it may, and finds out whether it may by trying once, as
 * each object schema is made. The site's Content-Security-Policy allows no `eval`, so that try is refused and
 * reported as a violation, even though zod catches it and parses without. Told here not to try, before any schema
 * module that imports this one has made a schema, zod parses the same way from the start (decision 122).
 */
config({jitless: true})

export {z} from 'zod'
