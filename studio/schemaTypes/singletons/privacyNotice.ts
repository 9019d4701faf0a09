import {LockIcon} from '@sanity/icons/Lock'
import {defineArrayMember, defineField, defineType} from 'sanity'

/**
 * The privacy notice the privacy page shows and every consent refers to. A singleton: `_id` "privacyNotice".
 * Each published change is a new version of the notice: requests record the version in force when they were sent
 * (a hash of these words and the forms' boxes), and the words of every version are kept in the bookings dataset.
 * The retention periods on the page come from the managers' settings on the dashboard, not from here.
 */
export const privacyNotice = defineType({
  name: 'privacyNotice',
  title: 'Privacy notice',
  type: 'document',
  icon: LockIcon,
  fields: [
    defineField({
      name: 'informationOfficerName',
      title: 'Information officer',
      description:
        'The person responsible for personal information (POPIA), as the page names them.',
      type: 'string',
      validation: (rule) => rule.required().max(120),
    }),
    defineField({
      name: 'informationOfficerEmail',
      title: 'Information officer’s email',
      type: 'string',
      validation: (rule) => rule.required().email(),
    }),
    defineField({
      name: 'informationOfficerPhone',
      title: 'Information officer’s phone',
      type: 'string',
      validation: (rule) => rule.max(40),
    }),
    defineField({
      name: 'intro',
      title: 'Introduction',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(1000),
    }),
    defineField({
      name: 'purposes',
      title: 'What we use personal information for',
      type: 'array',
      of: [defineArrayMember({type: 'step'})],
      validation: (rule) => rule.required().min(1).max(12),
    }),
    defineField({
      name: 'rights',
      title: 'Your rights',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(1000),
    }),
    // What POPIA asks a notice to state besides (s18, s72), each in the editors' words.
    defineField({
      name: 'legalName',
      title: 'Responsible party (registered name)',
      description: 'The company’s legal name, as registered: “Cape Curated (Pty) Ltd”.',
      type: 'string',
      validation: (rule) => rule.required().max(160),
    }),
    defineField({
      name: 'address',
      title: 'Responsible party’s address',
      type: 'string',
      validation: (rule) => rule.required().max(300),
    }),
    defineField({
      name: 'requiredDetails',
      title: 'Which details are required, and what happens without them',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(1000),
    }),
    defineField({
      name: 'processors',
      title: 'Who else processes the information (hosting, mail)',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(1000),
    }),
    defineField({
      name: 'transfers',
      title: 'Transfers outside South Africa (section 72)',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(1000),
    }),
    defineField({
      name: 'regulator',
      title: 'The Information Regulator’s contact details',
      type: 'text',
      rows: 3,
      validation: (rule) => rule.required().max(600),
    }),
    defineField({
      name: 'noticeVersion',
      title: 'Version of this notice',
      description: 'Shown at the foot of the page, with the date below: “2”.',
      type: 'string',
      validation: (rule) => rule.required().max(20),
    }),
    defineField({
      name: 'noticeDate',
      title: 'In force from',
      type: 'date',
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    prepare: () => ({title: 'Privacy notice', media: LockIcon}),
  },
})
