import {defineQuery} from 'groq'

import {imageFields} from '../../../lib/image-fields'
import {experienceCardFields, storyCardFields} from '../../../lib/content-fields'

// Featured cards are the experiences an editor gave a home-page position (1-7), in that order. Texts, teasers
// and testimonials come from the `homePage` singleton.
export const homeQuery = defineQuery(`{
  "page": *[_id == "homePage"][0]{
    heroOverline, heroHeading, heroText, heroPrimaryLabel, heroSecondaryLabel,
    "heroImage": heroImage${imageFields},
    quickSearchHeading, quickSearchButtonLabel,
    featuredHeading, featuredText,
    itineraryHeading, itineraryText, itineraryLinkLabel,
    storiesHeading, storiesText, storiesLinkLabel,
    "featuredStories": coalesce(featuredStories[]->{${storyCardFields}}, []),
    testimonialsHeading,
    "testimonials": coalesce(testimonials[]->{_id, quote, initials, location}, []),
    howItWorksHeading,
    "howItWorksSteps": coalesce(howItWorksSteps[]{_key, title, text}, [])
  },
  "featured": *[_type == "experience" && defined(featuredOrder) && defined(slug.current)]
    | order(featuredOrder asc)[0...7]{${experienceCardFields}},
  "fallbackStories": *[_type == "story" && slug.current in $storySlugs]{${storyCardFields}},
  "fallbackTestimonials": *[_type == "testimonial"] | order(_createdAt asc)[0...3]{_id, quote, initials, location}
}`)
