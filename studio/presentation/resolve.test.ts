import {describe, expect, it} from 'vitest'

import {locations, mainDocuments} from './resolve'

type Resolver = {
  resolve: (
    doc: Record<string, unknown> | null,
  ) => {locations?: {href: string}[]} | null | undefined
}

const hrefs = (type: string, doc: Record<string, unknown> | null) => {
  const entry = (locations as Record<string, Resolver | {locations: {href: string}[]}>)[type]!
  const state = 'resolve' in entry ? entry.resolve(doc) : entry
  return state?.locations?.map((location) => location.href) ?? []
}

// The site's routes (web/src/app/router.tsx) that show each kind of document (the Presentation tool's "Document
// locations").
describe('document locations', () => {
  it('lists an experience’s page, its booking page, the list and the home page', () => {
    expect(hrefs('experience', {title: 'Hike', slug: 'hike'})).toEqual([
      '/experiences/hike',
      '/book/hike',
      '/experiences',
      '/',
    ])
    expect(hrefs('experience', {title: 'Hike', slug: null})).toEqual([])
  })

  it('lists a booking settings document on its experience’s booking page', () => {
    expect(hrefs('experienceSettings', {title: 'Hike', slug: 'hike'})).toEqual([
      '/book/hike',
      '/experiences/hike',
    ])
  })

  it('lists stories, testimonials and every singleton', () => {
    expect(hrefs('story', {title: 'Jazz', slug: 'jazz'})).toEqual([
      '/stories/jazz',
      '/stories',
      '/',
    ])
    expect(hrefs('testimonial', {title: 'Hike', slug: 'hike'})).toEqual(['/', '/experiences/hike'])
    for (const singleton of ['homePage', 'aboutPage', 'itinerary', 'pageCopy', 'siteSettings'])
      expect(hrefs(singleton, null).length).toBeGreaterThan(0)
  })

  it('opens the document a page is about', () => {
    expect(mainDocuments?.map((resolver) => resolver.route)).toEqual(
      expect.arrayContaining(['/experiences/:slug', '/book/:slug', '/stories/:slug', '/']),
    )
  })
})
