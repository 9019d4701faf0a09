import type {FilterDefault} from '@sanity/client'

/**
 * Fields whose text is only ever shown: titles, headings and copy. Only these carry stega (the invisible pointers
 * the overlays follow to the field), so slugs, enums, dates, prices, URLs, image fields and anything the code
 * compares or builds links from stay exactly as stored. What is shown but also goes into `<head>`, JSON-LD or an
 * attribute (a title in `<title>`, an alt text) is cleaned in the page by `clean-stega.ts`.
 * Shared by the server's preview reads and the studio's results encoded in the browser (studio-loader.ts).
 */
const DISPLAY_FIELDS = new Set([
  'attribution',
  'details',
  'note',
  'whatToExpect',
  'whatToBring',
  'goodToKnow',
  'pricingNote',
  'philosophy',
  'morning',
  'afternoon',
  'evening',
  'duration',
  'meetingPickup',
  'included',
  'highlights',
  'overviewPoints',
  'optionalExtras',
  'promises',
  'footerBlurb',
  'cancellation',
])
/** `title`, `heroHeading`, `ctaText`, `storiesCtaLabel`…: copy by its name, as the schemas name it. */
const DISPLAY_NAME =
  /(?:^|[a-z])(?:title|heading|overline|tagline|intro|text|label|description|overview|summary|teaser|blurb|quote|answer|question|caption|message|toast)$/i

export const displayTextOnly: FilterDefault = (props) => {
  if (!props.filterDefault(props)) return false
  const names = props.sourcePath.filter((segment): segment is string => typeof segment === 'string')
  // Image alt texts and anything under a link or slug never get stega.
  if (names.some((name) => ['slug', 'alt', 'href', 'url', 'link', 'image', 'asset'].includes(name)))
    return false
  const last = names.at(-1)
  return last !== undefined && (DISPLAY_FIELDS.has(last) || DISPLAY_NAME.test(last))
}
