import {z} from 'zod'

/**
 * Zod compiles its object parsers with `new Function` where it may, and finds out whether it may by trying once. The
 * site's Content-Security-Policy allows no `eval`, so that try is refused and reported as a violation, even though
 * zod catches it and parses without. Told not to try, zod parses the same way from the start. Zod decides as each
 * object schema is made, so this module runs before any schema module a page loads.
 */
z.config({jitless: true})
