/** Travellers' words for the home page (`_id` "testimonial.<n>"). */
import {experienceId, testimonialId} from './document-ids.ts'
import {ref} from './sanity-values.ts'

const testimonials = [
  {
    quote:
      'Our guide on Lion’s Head waited for the slowest of us without making a fuss, and timed the summit to the minute. Best sunset of our trip, and we had a lot of them.',
    initials: 'S.M.',
    location: 'London, United Kingdom',
    experience: 'lions-head-sunset-hike',
  },
  {
    quote:
      'We asked for a week that mixed wine, walking and history, and got exactly that, with a driver who became a friend. Every restaurant recommendation was spot on.',
    initials: 'J. & K.V.',
    location: 'Utrecht, Netherlands',
    experience: 'bespoke-cape-town-itinerary',
  },
  {
    quote:
      'The jazz night was the highlight: a real neighbourhood venue, wonderful food and a band that had the whole room on its feet by ten o’clock.',
    initials: 'D.O.',
    location: 'Chicago, United States',
    experience: 'township-jazz-night',
  },
  {
    quote:
      'Our children still talk about the penguins. Thoughtful guide, no rushing, and lunch in Simon’s Town was perfect.',
    initials: 'A.R.',
    location: 'Munich, Germany',
    experience: 'cape-point-penguins',
  },
]

export function testimonialDocuments() {
  return testimonials.map(({experience, ...fields}, i) => ({
    _id: testimonialId(i + 1),
    _type: 'testimonial',
    ...fields,
    experience: ref(experienceId(experience)),
  }))
}
