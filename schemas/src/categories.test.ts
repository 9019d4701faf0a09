import {describe, expect, it} from 'vitest'

import {
  CATEGORY_VALUES,
  EXPERIENCE_CATEGORIES,
  QUICK_SEARCH_CATEGORY_ORDER,
  categoryFilterLabel,
  categoryTitle,
  isExperienceCategory,
} from './categories.ts'

describe('categories', () => {
  it('are the six the site offers', () => {
    expect(EXPERIENCE_CATEGORIES.map((c) => c.title).sort()).toEqual(
      [
        'Adventure & Outdoors',
        'Bespoke',
        'Food & Drink',
        'History & Culture',
        'Scenic',
        'Sport & Events',
      ].sort(),
    )
  })

  it('have one name each, the same on the home page and the listing', () => {
    for (const category of EXPERIENCE_CATEGORIES)
      expect(categoryTitle(category.value)).toBe(categoryFilterLabel(category.value))
  })

  it('follow the listing’s filter order', () => {
    expect(EXPERIENCE_CATEGORIES.map((c) => c.filterLabel)).toEqual([
      'Bespoke',
      'Adventure & Outdoors',
      'Scenic',
      'Food & Drink',
      'History & Culture',
      'Sport & Events',
    ])
  })

  it('give the quick-search chips the home page order, with every category once', () => {
    expect(QUICK_SEARCH_CATEGORY_ORDER.map(categoryTitle)).toEqual([
      'Adventure & Outdoors',
      'Scenic',
      'Food & Drink',
      'History & Culture',
      'Sport & Events',
      'Bespoke',
    ])
    expect([...QUICK_SEARCH_CATEGORY_ORDER].sort()).toEqual([...CATEGORY_VALUES].sort())
  })

  it('recognise stored values and label them', () => {
    expect(isExperienceCategory('bespoke')).toBe(true)
    expect(isExperienceCategory('Bespoke')).toBe(false)
    expect(isExperienceCategory(undefined)).toBe(false)
    expect(categoryTitle('food-drink')).toBe('Food & Drink')
    expect(categoryFilterLabel('adventure')).toBe('Adventure & Outdoors')
    expect(categoryTitle('unknown')).toBe('unknown')
  })

  it('use values that are valid query-string slugs', () => {
    for (const value of CATEGORY_VALUES) expect(value).toMatch(/^[a-z]+(-[a-z]+)*$/)
  })
})
