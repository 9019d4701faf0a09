import {defineDocuments, defineLocations, type PresentationPluginOptions} from 'sanity/presentation'

/**
 * Where each document shows on the site (the "Used on n pages" list in the form) and which document a site page
 * is about (the Presentation tool opens it beside the frame). The routes are the site's (web/src/app/router.tsx).
 */
const home = {title: 'Home', href: '/'}
const experiences = {title: 'Experiences', href: '/experiences'}
const stories = {title: 'Stories', href: '/stories'}
const about = {title: 'About us', href: '/about'}

export const locations: NonNullable<PresentationPluginOptions['resolve']>['locations'] = {
  experience: defineLocations({
    select: {title: 'title', slug: 'slug.current'},
    resolve: (doc) =>
      doc?.slug
        ? {
            locations: [
              {title: doc.title || 'Experience', href: `/experiences/${doc.slug}`},
              {title: `Book: ${doc.title || 'experience'}`, href: `/book/${doc.slug}`},
              experiences,
              home,
            ],
          }
        : {message: 'Give the experience a slug to see it on the site.', tone: 'caution'},
  }),
  experienceSettings: defineLocations({
    select: {title: 'experience.title', slug: 'experience.slug.current'},
    resolve: (doc) =>
      doc?.slug
        ? {
            locations: [
              {title: `Book: ${doc.title || 'experience'}`, href: `/book/${doc.slug}`},
              {title: doc.title || 'Experience', href: `/experiences/${doc.slug}`},
            ],
          }
        : null,
  }),
  story: defineLocations({
    select: {title: 'title', slug: 'slug.current'},
    resolve: (doc) =>
      doc?.slug
        ? {locations: [{title: doc.title || 'Story', href: `/stories/${doc.slug}`}, stories, home]}
        : {message: 'Give the story a slug to see it on the site.', tone: 'caution'},
  }),
  testimonial: defineLocations({
    select: {title: 'experience.title', slug: 'experience.slug.current'},
    resolve: (doc) => ({
      locations: [
        home,
        ...(doc?.slug
          ? [{title: doc.title || 'Experience', href: `/experiences/${doc.slug}`}]
          : []),
      ],
    }),
  }),
  homePage: {locations: [home]},
  aboutPage: {locations: [about]},
  itinerary: {locations: [{title: 'Sample itinerary', href: '/itinerary/bespoke-7-day'}]},
  pageCopy: {locations: [home, experiences, stories, {title: 'Contact', href: '/contact'}]},
  privacyNotice: {locations: [{title: 'Privacy', href: '/privacy'}]},
  siteSettings: {
    locations: [home, experiences, stories, about, {title: 'Contact', href: '/contact'}],
  },
}

export const mainDocuments: NonNullable<PresentationPluginOptions['resolve']>['mainDocuments'] =
  defineDocuments([
    {route: '/experiences/:slug', filter: `_type == "experience" && slug.current == $slug`},
    {route: '/book/:slug', filter: `_type == "experience" && slug.current == $slug`},
    {route: '/stories/:slug', filter: `_type == "story" && slug.current == $slug`},
    {route: '/', type: 'homePage'},
    {route: '/about', type: 'aboutPage'},
    {route: '/itinerary/bespoke-7-day', type: 'itinerary'},
    {route: '/privacy', type: 'privacyNotice'},
  ])
