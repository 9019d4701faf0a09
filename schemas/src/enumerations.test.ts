import {describe, expect, it} from 'vitest'

import {
  ACCOMMODATION_VALUES,
  COUNTRIES,
  GROUP_SIZE_VALUES,
  HOW_HEARD,
  INTEREST_VALUES,
  INTERESTS,
  QUICK_SEARCH_LIMITS,
  SAFARI_VALUES,
  TRIP_DURATION_VALUES,
  TRIP_TYPE_VALUES,
  WIZARD_PACKAGE_VALUES,
  WIZARD_TRAVELLER_VALUES,
  optionTitle,
} from './enumerations.ts'

describe('fixed option lists', () => {
  it('list the countries, with Other last', () => {
    expect(COUNTRIES).toHaveLength(15)
    expect(COUNTRIES[0]).toBe('South Africa')
    expect(COUNTRIES.at(-1)).toBe('Other')
  })

  it('list how travellers heard of us', () => {
    expect(HOW_HEARD).toEqual([
      'Google',
      'Social Media',
      'Friend/Family Referral',
      'Travel Blog/Website',
      'Hotel/Accommodation',
      'Travel Agent',
      'Previous Visit',
      'Other',
    ])
  })

  it('keep the questionnaire and wizard values exactly as the spec names them', () => {
    expect(WIZARD_PACKAGE_VALUES).toEqual([
      'bespoke-7-day',
      'beach-bum',
      'finer-things',
      'ultimate-explorer',
      'custom',
    ])
    expect(TRIP_TYPE_VALUES).toEqual([
      'create-own',
      'beach-bum',
      'finer-things',
      'ultimate-explorer',
    ])
    expect(TRIP_DURATION_VALUES).toEqual(['3-4-days', '5-7-days', '1-2-weeks', '2-weeks-plus'])
    expect(GROUP_SIZE_VALUES).toEqual(['solo', 'couple', 'small-group', 'large-group'])
    expect(SAFARI_VALUES).toEqual(['local', 'short', 'long', 'none'])
    expect(ACCOMMODATION_VALUES).toEqual(['airbnb', 'mid-range', '5-star', 'villa', 'luxury'])
    expect(WIZARD_TRAVELLER_VALUES).toEqual(['1', '2', '3', '4', '5', '6+'])
    expect(INTEREST_VALUES).toHaveLength(11)
    expect(INTEREST_VALUES).toContain('garden-route')
  })

  it('keep the quick-search limits', () => {
    expect(QUICK_SEARCH_LIMITS).toEqual({
      adults: {min: 1, max: 20},
      children: {min: 0, max: 10},
      leadTimeDays: 2,
    })
  })

  it('label a value, falling back to the value itself', () => {
    expect(optionTitle(INTERESTS, 'wine-tours')).toBe('Wine tours')
    expect(optionTitle(INTERESTS, 'skydiving')).toBe('skydiving')
  })
})
