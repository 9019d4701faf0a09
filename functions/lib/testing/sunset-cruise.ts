import type {IdentifiedSanityDocumentStub} from '@sanity/client'

/**
 * The content a capacity test books against: the Sunset Cruise, 6 places a departure, 1 to 8 people, a day's lead
 * time, under the site name `Cape Curated`; `siteSettings` adds to the site settings (the waitlist's hold hours).
 */
export function sunsetCruiseContent(
  siteSettings: Record<string, unknown> = {},
): IdentifiedSanityDocumentStub[] {
  return [
    {_id: 'siteSettings', _type: 'siteSettings', siteName: 'Cape Curated', ...siteSettings},
    {
      _id: 'experience-sunset-cruise',
      _type: 'experience',
      title: 'Sunset Cruise',
      slug: {_type: 'slug', current: 'sunset-cruise'},
      duration: '2 hours',
    },
    {
      _id: 'settings-sunset-cruise',
      _type: 'experienceSettings',
      experience: {_type: 'reference', _ref: 'experience-sunset-cruise'},
      minPax: 1,
      maxPax: 8,
      leadTimeDays: 1,
      capacity: 6,
    },
  ]
}
