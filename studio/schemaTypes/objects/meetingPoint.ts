import {PinIcon} from '@sanity/icons/Pin'
import {defineField, defineType} from 'sanity'

import {meetingPointMapLink} from '@repo/schemas/trip-details.ts'

/**
 * Where travellers meet the guide: shown on the request page, in the confirmation mail and as the calendar
 * invitation's location. The map link is the editor's, or made from the coordinates when there is none.
 */
export const meetingPoint = defineType({
  name: 'meetingPoint',
  title: 'Meeting point',
  type: 'object',
  icon: PinIcon,
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      description: 'What travellers look for, e.g. "Quay 5 ticket kiosk".',
      validation: (rule) =>
        rule.required().max(120).error('Name the meeting point (120 characters at most).'),
    }),
    defineField({
      name: 'address',
      title: 'Address',
      type: 'string',
      description: 'As a taxi driver would need it, e.g. "V&A Waterfront, Cape Town".',
      validation: (rule) => rule.max(200).error('Keep the address to 200 characters.'),
    }),
    defineField({
      name: 'mapUrl',
      title: 'Map link',
      type: 'url',
      description:
        'Optional: a web address of the spot on a map. Without it, travellers get a map at the coordinates.',
      validation: (rule) =>
        rule.uri({scheme: ['https']}).error('Use a web address that starts with https://.'),
    }),
    defineField({
      name: 'location',
      title: 'Coordinates',
      type: 'geopoint',
      description: 'Latitude and longitude of the spot (Cape Town is about -33.92, 18.42).',
      validation: (rule) =>
        rule.custom((location: {lat?: number; lng?: number} | undefined) =>
          location === undefined || meetingPointMapLink({location})
            ? true
            : 'Give a latitude between -90 and 90 and a longitude between -180 and 180.',
        ),
    }),
  ],
  preview: {
    select: {title: 'name', subtitle: 'address'},
    prepare: ({title, subtitle}) => ({
      title: title ?? 'No meeting point yet',
      subtitle,
      media: PinIcon,
    }),
  },
})
