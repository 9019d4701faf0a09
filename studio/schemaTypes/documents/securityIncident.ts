import {WarningOutlineIcon} from '@sanity/icons/WarningOutline'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {
  INCIDENT_DATA_CATEGORIES,
  INCIDENT_SEVERITIES,
  INCIDENT_STATES,
} from '@repo/schemas/security-incident-limits.ts'

/**
 * An entry of the security-incident register. Managers keep it on the staff dashboard, where every change names
 * who made it; the studio shows it read-only. The fields are those `functions/staff/security-incidents.ts` writes;
 * entries recorded before the register asked for severity, categories, the count, what was done and the state lack
 * them (docs/decisions/189).
 */
export const securityIncident = defineType({
  name: 'securityIncident',
  title: 'Security incident',
  type: 'document',
  icon: WarningOutlineIcon,
  readOnly: true,
  fields: [
    defineField({
      name: 'occurred_on',
      title: 'Happened on',
      type: 'date',
      validation: (rule) => rule.required(),
    }),
    defineField({name: 'discovered_on', title: 'Discovered on', type: 'date'}),
    defineField({
      name: 'severity',
      title: 'Severity',
      type: 'string',
      options: {list: [...INCIDENT_SEVERITIES]},
    }),
    defineField({
      name: 'data_categories',
      title: 'Kinds of data it touched',
      type: 'array',
      of: [{type: 'string', options: {list: [...INCIDENT_DATA_CATEGORIES]}}],
    }),
    defineField({name: 'people_affected_count', title: 'People affected', type: 'number'}),
    defineField({name: 'actions_taken', title: 'What was done', type: 'text'}),
    defineField({
      name: 'state',
      title: 'State',
      type: 'string',
      options: {list: [...INCIDENT_STATES]},
    }),
    defineField({name: 'closed_on', title: 'Closed on', type: 'date'}),
    defineField({
      name: 'description',
      title: 'What happened',
      type: 'text',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'affected',
      title: 'Who was affected',
      type: 'text',
      validation: (rule) => rule.required(),
    }),
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
            defineField({name: 'at', title: 'At', type: 'datetime', validation: (rule) => rule.required()}),
            defineField({
              name: 'change',
              title: 'Change',
              type: 'string',
              options: {list: ['recorded', 'updated']},
              validation: (rule) => rule.required(),
            }),
            defineField({
              name: 'by',
              title: 'By',
              type: 'object',
              validation: (rule) => rule.required(),
              fields: [
                defineField({name: 'id', title: 'Account', type: 'string', validation: (rule) => rule.required()}),
                defineField({name: 'name', title: 'Name', type: 'string', validation: (rule) => rule.required()}),
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
