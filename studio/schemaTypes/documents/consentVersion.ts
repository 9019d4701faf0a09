import {LockIcon} from '@sanity/icons/Lock'
import {defineArrayMember, defineField, defineType} from 'sanity'

/**
 * The words of one version of the privacy notice and the forms' boxes, kept in the private `bookings` dataset the
 * first time a request records that version, and never changed (the id is the version, a hash of the words).
 */
export const consentVersion = defineType({
  name: 'consentVersion',
  title: 'Privacy notice version',
  type: 'document',
  icon: LockIcon,
  readOnly: true,
  fields: [
    defineField({name: 'version', title: 'Version', type: 'string'}),
    defineField({name: 'first_recorded_at', title: 'First recorded', type: 'datetime'}),
    defineField({
      name: 'notice',
      title: 'Notice',
      type: 'object',
      fields: [
        defineField({name: 'informationOfficerName', title: 'Information officer', type: 'string'}),
        defineField({name: 'informationOfficerEmail', title: 'Email', type: 'string'}),
        defineField({name: 'informationOfficerPhone', title: 'Phone', type: 'string'}),
        defineField({name: 'intro', title: 'Introduction', type: 'text'}),
        defineField({
          name: 'purposes',
          title: 'Purposes',
          type: 'array',
          of: [
            defineArrayMember({
              type: 'object',
              name: 'purpose',
              fields: [
                defineField({name: 'title', title: 'Title', type: 'string'}),
                defineField({name: 'text', title: 'Text', type: 'text'}),
              ],
            }),
          ],
        }),
        defineField({name: 'rights', title: 'Rights', type: 'text'}),
      ],
    }),
    defineField({
      name: 'checkboxes',
      title: 'Boxes',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'object',
          name: 'versionCheckbox',
          fields: [
            defineField({name: 'key', title: 'Box', type: 'string'}),
            defineField({name: 'text', title: 'Words', type: 'string'}),
          ],
          preview: {select: {title: 'text', subtitle: 'key'}},
        }),
      ],
    }),
  ],
  preview: {
    select: {version: 'version', at: 'first_recorded_at'},
    prepare: ({version, at}) => ({
      title: `Version ${version ?? ''}`,
      subtitle: at ? `First recorded ${String(at).slice(0, 10)}` : undefined,
      media: LockIcon,
    }),
  },
})
