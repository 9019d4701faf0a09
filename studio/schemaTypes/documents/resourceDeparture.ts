import {TransferIcon} from '@sanity/icons/Transfer'
import {defineField, defineType} from 'sanity'

/**
 * One resource (a boat) on one date, written only by the functions when they confirm places on an experience that
 * uses it (docs/decisions/238-resources-in-the-content.md). Its revision is the lock the experiences sharing the
 * resource serialise on, as each departure's own lock does for one experience. It holds no traveller's data.
 */
export const resourceDeparture = defineType({
  name: 'resourceDeparture',
  title: 'Resource on a date',
  type: 'document',
  icon: TransferIcon,
  readOnly: true,
  fields: [
    defineField({name: 'resource_id', title: 'Resource', type: 'string'}),
    defineField({name: 'date', title: 'Date', type: 'date'}),
    defineField({name: 'last_change', title: 'Last change', type: 'string'}),
    defineField({name: 'updated_at', title: 'Updated at', type: 'datetime'}),
  ],
  preview: {select: {title: 'resource_id', subtitle: 'date'}},
})
