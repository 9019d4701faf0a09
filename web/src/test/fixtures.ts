import type {ExperienceDetail} from '../features/experiences/api/experience-fields'
import type {StoryCard} from '../features/stories/api/story-fields'

export function experienceFixture(overrides: Partial<ExperienceDetail> = {}): ExperienceDetail {
  return {
    _id: 'experience-lions-head',
    title: "Lion's Head Sunset Hike",
    slug: 'lions-head-sunset-hike',
    category: 'adventure',
    isBespoke: false,
    location: "Lion's Head, Cape Town",
    duration: '2–4 hours',
    fromPrice: 450,
    priceRange: null,
    blurb: 'Climb for the sunset over the Atlantic.',
    image: {asset: null, crop: null, hotspot: null, alt: ''},
    featuredOrder: 1,
    description: 'A guided hike to the summit for sunset.',
    highlights: ['Sunset from the summit'],
    whatToExpect: 'A steady climb with chains and ladders near the top.',
    included: ['Guide', 'Headlamp'],
    optionalExtras: ['Photographer'],
    whatToBring: ['Water'],
    format: 'Small-group guided hike',
    goodToKnow: 'Moderate fitness needed.',
    meetingPickup: 'Meet at the Signal Hill Road trailhead.',
    cancellation: 'Free changes up to 48 hours before.',
    maxGroupSize: 8,
    minimumAge: 12,
    fitnessLevel: 'moderate',
    aliases: [],
    faqs: [
      {_key: 'f1', question: 'Is it steep?', answer: 'Yes, near the top.'},
      {_key: 'f2', question: 'Do you run it in winter?', answer: 'Yes, weather permitting.'},
    ],
    _updatedAt: '2026-11-01T10:00:00Z',
    ...overrides,
  }
}

export const bespokeFixture = experienceFixture({
  _id: 'experience-bespoke',
  title: 'Bespoke Cape Town',
  slug: 'bespoke-cape-town',
  category: 'bespoke',
  isBespoke: true,
  fromPrice: null,
  priceRange: 'Priced on request',
  featuredOrder: 2,
  faqs: [],
})

export const storyFixture: StoryCard = {
  _id: 'story-jazz',
  title: 'The Cape Jazz Scene',
  slug: 'cape-jazz-scene',
  overline: 'Music',
  teaser: 'Where to hear Cape jazz.',
  image: {asset: null, crop: null, hotspot: null, alt: ''},
}
