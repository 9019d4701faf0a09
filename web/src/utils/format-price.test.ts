import {describe, expect, it} from 'vitest'

import {formatFromPrice, formatPerPersonPrice, formatZar} from './format-price'

describe('format-price', () => {
  it('prefixes a rand amount with "From"', () => {
    expect(formatFromPrice(450)).toBe('From ZAR 450')
    expect(formatFromPrice(1250)).toBe('From ZAR 1,250')
    expect(formatZar(850)).toBe('ZAR 850')
  })

  it('writes whole rand as Intl.NumberFormat does for en-GB', () => {
    const intl = new Intl.NumberFormat('en-GB', {maximumFractionDigits: 0})
    const amounts = [0, 0.4, 0.5, 2.5, 7, 999, 999.5, 1000, 1250, 12_500, 99_999.49, 1_234_567, 10_000_000_000]
    const negative = amounts.filter((value) => value >= 0.5).map((value) => -value)
    for (const amount of [...amounts, ...negative])
      expect(formatZar(amount), String(amount)).toBe(`ZAR ${intl.format(amount)}`)
    // Where Intl writes "-0", a price reads better without the sign.
    expect(formatZar(-0.4)).toBe('ZAR 0')
  })

  it('prefixes an editor’s price text with "From" unless it already starts with it', () => {
    expect(formatFromPrice('R350-R450 per person')).toBe('From R350-R450 per person')
    expect(formatFromPrice('From ZAR 450')).toBe('From ZAR 450')
    expect(formatFromPrice('from ZAR 450')).toBe('From ZAR 450')
    expect(formatFromPrice('  FROM R300 ')).toBe('From R300')
  })

  it('does not treat words that merely start with "from" as the prefix', () => {
    expect(formatFromPrice('Fromage tasting R200')).toBe('From Fromage tasting R200')
  })

  it('keeps wording without an amount as written', () => {
    expect(formatFromPrice('Priced on request')).toBe('Priced on request')
  })

  it('gives nothing when there is no price', () => {
    expect(formatFromPrice(null)).toBe('')
    expect(formatFromPrice(undefined)).toBe('')
    expect(formatFromPrice('   ')).toBe('')
    expect(formatPerPersonPrice(null)).toBe('')
  })

  it('writes the static pages’ "From ZAR {price} per person"', () => {
    expect(formatPerPersonPrice(450)).toBe('From ZAR 450 per person')
    expect(formatPerPersonPrice('R350-R450 per person')).toBe('From R350-R450 per person')
  })
})
