import {defineQuery} from 'groq'

/** The pages the sitemap lists besides the fixed ones: the same document types and slug fields the pages query. */
export const sitemapQuery = defineQuery(`{
  "experiences": *[_type == "experience" && defined(slug.current) && isBespoke != true]{
    "slug": slug.current, _updatedAt
  },
  "stories": *[_type == "story" && defined(slug.current)]{"slug": slug.current, _updatedAt}
}`)
