import {WarningOutlineIcon} from '@sanity/icons/WarningOutline'
import {defineArrayMember, defineField, defineType} from 'sanity'

/**
 * An entry of the security-incident register. Managers keep it on the staff dashboard, where every change names
 * who made it; the studio shows it read-only.
 */
export const securityIncident = defineType({
  name: 'securityIncident',
  title: 'Security incident',
  type: 'document',
  icon: WarningOutlineIcon,
  readOnly: true,
  fields: [
    defineField({name: 'occurred_on', title: 'Happened on', type: 'date'}),
    defineField({name: 'description', title: 'What happened', type: 'text'}),
    defineField({name: 'affected', title: 'Who was affected', type: 'text'}),
    defineField({name: 'regulator_told_on', title: 'Information Regulator told on', type: 'date'}),
    defineField({name: 'people_told_on', title: 'People affected told on', type: 'date'}),
    defineField({
      name: 'history',
      title: 'Changes',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'incidentChange',
          fields: [
            defineField({name: 'at', title: 'At', type: 'datetime'}),
            defineField({name: 'change', title: 'Change', type: 'string'}),
            defineField({
              name: 'by',
              title: 'By',
              type: 'object',
              fields: [
                defineField({name: 'id', title: 'Account', type: 'string'}),
                defineField({name: 'name', title: 'Name', type: 'string'}),
              ],
            }),
          ],
          preview: {select: {title: 'by.name', subtitle: 'change'}},
        }),
      ],
    }),
  ],
  preview: {
    select: {on: 'occurred_on', description: 'description'},
    prepare: ({on, description}) => ({
      title: on ? `Incident of ${String(on)}` : 'Incident',
      subtitle: description,
      media: WarningOutlineIcon,
    }),
  },
})
