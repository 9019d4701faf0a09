/** Spec §2 route table: the six experience pages. */
export const EXPERIENCE_PAGE_SLUGS = [
  'lions-head-sunset-hike',
  'cape-winelands-tour',
  'bo-kaap-food-walk',
  'township-jazz-night',
  'cape-point-penguins',
  'sunset-cruise',
] as const

/** Spec §2 copy audit: the six pages plus two experiences that have no page of their own in the route table. */
export const COPY_AUDIT_SLUGS = [
  ...EXPERIENCE_PAGE_SLUGS,
  'robben-island',
  'bo-kaap-spice-route-cooking',
] as const

/** American spellings that British English copy should not contain (lowercase; matched as whole words). */
export const US_SPELLINGS: Record<string, string> = {
  color: 'colour',
  colors: 'colours',
  colorful: 'colourful',
  favorite: 'favourite',
  favorites: 'favourites',
  flavor: 'flavour',
  flavors: 'flavours',
  flavorful: 'flavourful',
  harbor: 'harbour',
  neighbor: 'neighbour',
  neighborhood: 'neighbourhood',
  neighborhoods: 'neighbourhoods',
  honor: 'honour',
  center: 'centre',
  theater: 'theatre',
  meter: 'metre',
  meters: 'metres',
  liter: 'litre',
  traveler: 'traveller',
  travelers: 'travellers',
  traveling: 'travelling',
  organize: 'organise',
  organized: 'organised',
  realize: 'realise',
  specialize: 'specialise',
  specializes: 'specialises',
  personalized: 'personalised',
  customized: 'customised',
  gray: 'grey',
  jewelry: 'jewellery',
  savory: 'savoury',
  cozy: 'cosy',
  catalog: 'catalogue',
  vacation: 'holiday',
  defense: 'defence',
  math: 'maths',
  canceled: 'cancelled',
  canceling: 'cancelling',
  analyze: 'analyse',
  apologize: 'apologise',
  recognize: 'recognise',
  fulfill: 'fulfil',
  enrollment: 'enrolment',
  program: 'programme',
  labeled: 'labelled',
  modeled: 'modelled',
  airplane: 'aeroplane',
}

/**
 * Times on the 12-hour clock as American copy writes them ("6:00 PM", "9 AM", "7:30 p.m."): British copy says
 * "18:00" (or "6pm" in running text, which this leaves alone).
 */
const TWELVE_HOUR_TIME = /\b(?:1[0-2]|0?[1-9])(?::[0-5]\d\s*|\s+)(?:[AaPp]\.?[Mm]\.?)(?![A-Za-z])/g

export function findTwelveHourTimes(text: string): string[] {
  return [...new Set(text.match(TWELVE_HOUR_TIME) ?? [])]
}

export function findUsSpellings(text: string): string[] {
  const words = text.toLowerCase().match(/[a-z]+/g) ?? []
  return [...new Set(words.filter((word) => Object.hasOwn(US_SPELLINGS, word)))]
}
