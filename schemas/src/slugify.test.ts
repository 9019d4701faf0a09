import {describe, expect, it} from 'vitest'

import {isSlug, slugify} from './slugify.ts'

describe('slugify', () => {
  it('lowercases the title and joins words with hyphens', () => {
    expect(slugify('Cape Winelands Tour')).toBe('cape-winelands-tour')
  })

  it('turns a run of non-alphanumerics into a single hyphen', () => {
    expect(slugify('Cape Point & Penguins')).toBe('cape-point-penguins')
    expect(slugify('Bo-Kaap  --  Food Walk')).toBe('bo-kaap-food-walk')
  })

  it('trims hyphens from both ends', () => {
    expect(slugify('  ...Sunset Cruise!  ')).toBe('sunset-cruise')
  })

  it('drops apostrophes so the slugs match the site routes', () => {
    expect(slugify("Lion's Head Sunset Hike")).toBe('lions-head-sunset-hike')
    expect(slugify('Chapman’s Peak Drive')).toBe('chapmans-peak-drive')
  })

  it('folds accents and keeps digits', () => {
    expect(slugify('Café Tour No. 7')).toBe('cafe-tour-no-7')
  })

  it('returns an empty string when nothing alphanumeric is left', () => {
    expect(slugify(' — & — ')).toBe('')
  })

  it('is idempotent', () => {
    const once = slugify('Township Jazz Night (6 PM)')
    expect(slugify(once)).toBe(once)
  })
})

describe('isSlug', () => {
  it('accepts slugify output and rejects other shapes', () => {
    expect(isSlug('robben-island')).toBe(true)
    expect(isSlug('Robben-Island')).toBe(false)
    expect(isSlug('robben--island')).toBe(false)
    expect(isSlug('-robben')).toBe(false)
    expect(isSlug('')).toBe(false)
  })
})
