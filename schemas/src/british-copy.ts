/**
 * British English in what travellers read: the words American copy spells differently, and the 12-hour clock.
 * The copy audit page, the seed's tests, and the end-to-end copy check over every page and mail use these.
 */

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

/** A straight apostrophe inside a word ("we're", "Lion's"): copy uses the typographic one ("we’re"). */
const STRAIGHT_APOSTROPHE = /\p{L}'\p{L}/gu

export function findStraightApostrophes(text: string): string[] {
  return [...new Set(text.match(STRAIGHT_APOSTROPHE) ?? [])]
}

/** A dash run into the words on both sides ("date—please"): copy spaces it (" – ") or is rewritten. */
const UNSPACED_DASH = /\p{L}[—–]\p{L}/gu

export function findUnspacedDashes(text: string): string[] {
  return [...new Set(text.match(UNSPACED_DASH) ?? [])]
}

/**
 * A price written "R150" or "R 2,400": the site's price formatter writes rand as "ZAR 150" (web/src/utils/
 * format-price.ts `formatZar`), so prose the traveller reads beside it says prices the same way. Not part of
 * `britishCopyProblems`: a page may name a regional road ("the R44"), which looks the same; the seed's check
 * (content/src/british-copy.test.ts) refuses it in the copy editors start from.
 */
const RAND_PRICE = /(?<![\p{L}\d])R ?\d(?:[\d,]*\d)?(?:\.\d{2})?(?![\p{L}\d])/gu

export function findRandPrices(text: string): string[] {
  return [...new Set(text.match(RAND_PRICE) ?? [])]
}

/**
 * Every American spelling and 12-hour time in `text`, each said with what British copy writes instead; and the
 * typography British copy keeps: typographic apostrophes, and dashes with a space either side.
 */
export function britishCopyProblems(text: string): string[] {
  return [
    ...findStraightApostrophes(text).map(
      (letters) => `"${letters}" (a straight apostrophe: write ’)`,
    ),
    ...findUnspacedDashes(text).map((letters) => `"${letters}" (a dash needs a space either side)`),
    ...findUsSpellings(text).map((word) => `"${word}" (British: "${US_SPELLINGS[word]}")`),
    ...findTwelveHourTimes(text).map(
      (time) => `"${time}" (British: the 24-hour clock, e.g. "18:00")`,
    ),
  ]
}
