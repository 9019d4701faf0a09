/**
 * Prices are shown as "from" prices ("prefixed with From if not already": "From ZAR 450",
 * "R350-R450 per person"). A number is a rand amount; a string is an editor's wording and is kept as written.
 */
export type PriceInput = number | string | null | undefined

/**
 * Whole rand, thousands separated by commas as en-GB writes them ("ZAR 12,500"), rounded half away from zero.
 * Written out rather than through `Intl.NumberFormat`: its first use loads the locale's number data, which cost a
 * phone about 120 ms (at 4× CPU) of the start-up before a page answers a tap (the test checks the two
 * agree).
 */
export function formatZar(amount: number): string {
  const whole = Math.round(Math.abs(amount))
  const sign = amount < 0 && whole !== 0 ? '-' : ''
  return `ZAR ${sign}${String(whole).replace(/\B(?=(\d{3})+$)/g, ',')}`
}

/**
 * The price with a leading "From", unless the text already starts with it. Empty when there is no price. Wording
 * without an amount ("Priced on request") is kept as written: "From Priced on request" is not English.
 */
export function formatFromPrice(price: PriceInput): string {
  if (price === null || price === undefined) return ''
  const text = typeof price === 'number' ? formatZar(price) : price.trim()
  if (!text) return ''
  if (!/\d/.test(text)) return text
  return /^from\b/i.test(text) ? `From${text.slice(4)}` : `From ${text}`
}

/** Static experience pages: "From ZAR 450 per person". */
export function formatPerPersonPrice(price: PriceInput): string {
  const from = formatFromPrice(price)
  if (!from) return ''
  return /per person$/i.test(from) ? from : `${from} per person`
}

/**
 * The booking summary's price: "From ZAR 450" a person and "From ZAR 1,350" for the group, from the from price.
 * Null without a from price (the summary then shows no price rather than a guess).
 */
export function tripPrice(
  fromPrice: number | null | undefined,
  people: number,
): {perPerson: string; total: string} | null {
  if (typeof fromPrice !== 'number' || !Number.isFinite(fromPrice) || fromPrice < 0) return null
  return {
    perPerson: formatFromPrice(fromPrice),
    total: formatFromPrice(fromPrice * Math.max(0, people)),
  }
}
