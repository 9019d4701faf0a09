import {TransferIcon} from '@sanity/icons/Transfer'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {resourceSeatsProblem} from '@repo/schemas/resources.ts'

/**
 * A boat, a vehicle: something with seats that one or more experiences use (docs/decisions/238-resources-in-the-content.md).
 * Its seats cap every experience listed at one departure time together: the sunset cruise and a private charter
 * sharing one boat never take more than its seats between them. Managers assign it to departures in the dashboard.
 */
export const resource = defineType({
  name: 'resource',
  title: 'Resource (boat, vehicle)',
  type: 'document',
  icon: TransferIcon,
  fields: [
    defineField({
      name: 'name',
      title: 'Name',
      type: 'string',
      description: 'As staff and guides know it, e.g. “Blue Heron (boat)”.',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'seats',
      title: 'Seats',
      type: 'number',
      description:
        'Travellers it carries at one departure time, across every experience below. Confirmations beyond them are refused.',
      validation: (rule) => rule.custom((seats) => resourceSeatsProblem(seats) ?? true),
    }),
    defineField({
      name: 'experiences',
      title: 'Experiences that use it',
      type: 'array',
      description: 'Their confirmed travellers at the same date and time share the seats.',
      of: [defineArrayMember({type: 'reference', to: [{type: 'experience'}]})],
      validation: (rule) => rule.unique(),
    }),
  ],
  preview: {
    select: {title: 'name', seats: 'seats'},
    prepare: ({title, seats}) => ({title, subtitle: `${seats ?? '?'} seats`}),
  },
})
