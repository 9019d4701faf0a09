/**
 * The studio's schema as editors meet it: both workspaces compile, the seed content passes the studio's own
 * validation (the same rules that gate the Publish button), and content the site cannot show is refused with a
 * plain-English message. Custom validators that query the dataset run their GROQ with groq-js over the seed.
 */
import {readFileSync} from 'node:fs'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {evaluate, parse} from 'groq-js'
import {createSchema, validateDocument, type SanityDocument} from 'sanity'
import {afterAll, beforeAll, describe, expect, it, vi} from 'vitest'

import {LINK_RULE_MESSAGE} from '@repo/schemas/safe-link.ts'

import {hostileHrefs} from '../../tests/hostile/payloads.ts'
import {bookingsSchemaTypes, contentSchemaTypes} from './index'

const here = dirname(fileURLToPath(import.meta.url))
const seed: SanityDocument[] = readFileSync(
  resolve(here, '../../content/production.ndjson'),
  'utf8',
)
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line))

/** Seed documents as they look after `sanity dataset import`: image files become asset references. */
function imported<T>(value: T): T {
  return JSON.parse(JSON.stringify(value), (_key, v) => {
    if (v && typeof v === 'object' && typeof v._sanityAsset === 'string') {
      const {_sanityAsset, ...rest} = v
      const name = _sanityAsset.replace(/^.*\/([a-z0-9-]+)\.jpg$/, '$1')
      return {...rest, asset: {_type: 'reference', _ref: `image-${name}-1600x1000-jpg`}}
    }
    return v
  })
}

const dataset = imported(seed)

/** Just enough of a client for validation: GROQ over `documents` with groq-js. */
function groqClient(documents: SanityDocument[]) {
  const client = {
    fetch: async (query: string, params: Record<string, unknown> = {}) =>
      (await evaluate(parse(query, {params}), {dataset: documents, params})).get(),
    getDataUrl: (operation: string, path?: string) => `/data/${operation}/test/${path ?? ''}`,
    observable: {fetch: () => undefined, request: () => undefined},
    withConfig: () => client,
    config: () => ({projectId: 'test', dataset: 'test'}),
  }
  return client
}

const contentSchema = createSchema({name: 'content', types: contentSchemaTypes})
const bookingsSchema = createSchema({name: 'bookings', types: bookingsSchemaTypes})

async function problems(
  document: SanityDocument,
  documents: SanityDocument[] = dataset,
  schema = contentSchema,
) {
  const ids = new Set(documents.map((d) => d._id))
  const client = groqClient(documents)
  // The studio's own validateDocument, as the Publish button runs it.
  const markers = await validateDocument({
    document,
    workspace: {schema, getClient: () => client, i18n: undefined} as never,
    getDocumentExists: async ({id}: {id: string}) => ids.has(id) || id.startsWith('image-'),
    environment: 'studio',
  } as never)
  return markers
    .filter((m) => m.level === 'error')
    .map((m) => `${m.path.join('.')}: ${m.message}`)
    .sort()
}

const doc = (id: string) =>
  structuredClone(dataset.find((d) => d._id === id)!) as SanityDocument & Record<string, any>

beforeAll(() => {
  // Blackout dates must not be in the past; pin "today" so the seed's December dates stay in the future.
  vi.useFakeTimers({toFake: ['Date']})
  vi.setSystemTime(new Date('2026-11-22T08:00:00Z'))
})
afterAll(() => vi.useRealTimers())

describe('schema', () => {
  it('compiles both workspaces without errors', () => {
    for (const schema of [contentSchema, bookingsSchema]) {
      const errors = (schema._validation ?? []).flatMap((group) =>
        group.problems
          .filter((p) => p.severity === 'error')
          .map((p) => `${group.path.map((s) => s.name).join('.')}: ${p.message}`),
      )
      expect(errors).toEqual([])
    }
  })

  it('gives every document and object type an icon-backed preview', () => {
    for (const type of [...contentSchemaTypes, ...bookingsSchemaTypes]) {
      if (type.type === 'array') continue
      expect((type as {preview?: unknown}).preview, type.name).toBeDefined()
      expect((type as {icon?: unknown}).icon, type.name).toBeDefined()
    }
  })
})

describe('the seed content', () => {
  it('passes every validation rule the studio applies before publishing', async () => {
    for (const document of dataset) expect(await problems(document), document._id).toEqual([])
  })
})

describe('validation stops what the site cannot show', () => {
  it('rejects a settings document with min above max, bad lead time, duplicate or past blackout dates', async () => {
    const settings = doc('settings-sunset-cruise')
    Object.assign(settings, {
      minPax: 12,
      maxPax: 4,
      leadTimeDays: 400,
      blackoutDates: ['2026-12-01', '2026-12-01'],
    })
    expect(await problems(settings)).toEqual(
      expect.arrayContaining([
        'maxPax: Maximum group size (4) cannot be smaller than the minimum (12).',
        'leadTimeDays: Lead time must be between 0 and 365 days.',
        'blackoutDates: 2026-12-01 is listed more than once. Remove the duplicate.',
      ]),
    )
    settings.blackoutDates = ['2026-11-01']
    expect(await problems(settings)).toContain(
      'blackoutDates: 2026-11-01 is in the past. Remove past blackout dates before publishing.',
    )
    Object.assign(settings, {minPax: 0, maxPax: 4, leadTimeDays: 2, blackoutDates: []})
    expect(await problems(settings)).toEqual([
      'minPax: Minimum group size must be at least 1 person.',
    ])
  })

  it('allows one settings document per experience', async () => {
    const second = {...doc('settings-sunset-cruise'), _id: 'drafts.another-settings'}
    expect(await problems(second, [...dataset, second])).toEqual([
      'experience: This experience already has booking settings. Edit those instead of adding a second set.',
    ])
  })

  it('limits FAQs to five and requires alt text on images', async () => {
    const hike = doc('experience-lions-head-sunset-hike')
    hike.faqs = [...hike.faqs, {...hike.faqs[0], _key: 'extra'}]
    hike.image = {...hike.image, alt: ''}
    expect(await problems(hike)).toEqual([
      'faqs: The site shows at most 5 FAQs. Remove 1 before publishing.',
      'image.alt: Add alternative text: the site will not show an image without it.',
    ])
    delete hike.image
    expect(await problems({...hike, faqs: hike.faqs.slice(0, 5)})).toEqual([
      'image: Add an image: this page has no picture without it.',
    ])
  })

  it('keeps home-page positions unique and prices set for bookable experiences', async () => {
    const cooking = doc('experience-bo-kaap-spice-route-cooking')
    cooking.featuredOrder = 1
    delete cooking.fromPrice
    expect(await problems(cooking)).toEqual([
      'featuredOrder: Position 1 is already taken by “Lion’s Head Sunset Hike”.',
      'fromPrice: Set the from price in rand.',
    ])
  })

  it('requires a story call to action to lead to a published, bookable experience or the questionnaire', async () => {
    const story = doc('story-cape-jazz-scene')
    story.callToAction = {
      ...story.callToAction,
      experience: {_type: 'reference', _ref: 'experience-bespoke-cape-town-itinerary'},
    }
    expect(await problems(story)).toEqual([
      'callToAction.experience: For the bespoke experience, choose “The bespoke questionnaire” instead.',
    ])
    story.callToAction = {_type: 'storyCallToAction', kind: 'experience'}
    expect(await problems(story)).toEqual([
      'callToAction.experience: Pick the experience the booking button leads to.',
    ])
    const draftOnly = {...doc('experience-robben-island'), _id: 'drafts.experience-new-tour'}
    story.callToAction = {
      _type: 'storyCallToAction',
      kind: 'experience',
      experience: {_type: 'reference', _ref: 'experience-new-tour'},
    }
    expect((await problems(story, [...dataset, draftOnly])).join('\n')).toMatch(/not published yet/)
  })
})

describe('rich text links', () => {
  it('refuse every address the site would render as plain text, with the shared rule', async () => {
    const story = doc('story-woodstock-art-studios')
    const block = story.body.find((b: {markDefs?: {_type: string}[]}) =>
      b.markDefs?.some((m) => m._type === 'link'),
    )
    const link = block.markDefs.find((m: {_type: string}) => m._type === 'link')
    expect(await problems(story)).toEqual([])
    for (const href of hostileHrefs.filter(Boolean)) {
      link.href = href
      const found = await problems(story)
      expect(found, href).toContainEqual(expect.stringContaining(LINK_RULE_MESSAGE))
    }
    for (const href of [
      'https://example.com/',
      '/about',
      'mailto:hi@example.com',
      'tel:+27215550123',
    ]) {
      link.href = href
      expect(await problems(story), href).toEqual([])
    }
  })
})

describe('mail templates and mail settings', () => {
  it('refuse a placeholder the mail does not fill, and a stray brace, in the subject or the text', async () => {
    const template = doc('mailTemplate-acknowledgement')
    template.subject = 'Hello {nmae}'
    template.body = `${template.body}\n\nSee you on {date}}`
    expect(await problems(template)).toEqual([
      expect.stringMatching(/^body: A brace is not closed/),
      expect.stringMatching(
        /^subject: \{nmae\} is not available in this mail\. Use \{reference\}, /,
      ),
    ])
    // The acknowledgement goes to an address nobody has confirmed: it may not quote the name the sender typed.
    template.subject = 'Hello {name}'
    template.body = doc('mailTemplate-acknowledgement').body
    expect(await problems(template)).toEqual([
      expect.stringMatching(/^subject: \{name\} is not available in this mail/),
    ])
    // {reason} exists, but only the decline fills it.
    template.subject = 'About {reason}'
    template.body = doc('mailTemplate-acknowledgement').body
    expect(await problems(template)).toEqual([
      expect.stringMatching(/^subject: \{reason\} is not available in this mail/),
    ])
    expect(await problems({...doc('mailTemplate-decline'), subject: 'About {reason}'})).toEqual([])
  })

  it('refuse a privacy confirmation without its link in the text, or with the link in the subject', async () => {
    const template = doc('mailTemplate-privacyConfirm')
    expect(await problems(template)).toEqual([])
    template.body = 'Hello,\n\nPlease confirm within {confirmWithin}.'
    expect(await problems(template)).toEqual([
      'body: The text must include {privacyConfirmLink}: the single-use link that confirms a request about one’s information.',
    ])
    template.body = doc('mailTemplate-privacyConfirm').body
    template.subject = 'Confirm here: {privacyConfirmLink}'
    expect(await problems(template)).toEqual([
      'subject: {privacyConfirmLink} belongs in the text, not the subject.',
    ])
  })

  it('keep the working day in order, on at least one day, and the target within a working week', async () => {
    const settings = doc('siteSettings')
    Object.assign(settings, {
      mailFromAddress: 'bookings at cape curated',
      responseTargetHours: 0,
      workingHours: {days: [], start: '17:00', end: '08:00'},
    })
    expect(await problems(settings)).toEqual([
      'mailFromAddress: Enter a valid email address, e.g. hello@example.com.',
      'responseTargetHours: Enter a whole number of hours from 1 to 40.',
      'workingHours.days: Choose at least one working day.',
      'workingHours: The working day must end after it starts.',
    ])
    Object.assign(settings, {
      mailFromAddress: 'bookings@capecurated.co.za',
      responseTargetHours: 41,
      workingHours: {days: [1], start: '8am', end: '17:00'},
    })
    expect(await problems(settings)).toEqual([
      'responseTargetHours: Enter a whole number of hours from 1 to 40.',
      'workingHours.start: Use 24-hour time, e.g. 08:00.',
    ])
  })
})

describe('bookings dataset schema (typegen only)', () => {
  const booking = {
    _id: 'booking.CT-7K3P9Q',
    _type: 'booking',
    _rev: 'r1',
    _createdAt: '2026-11-22T08:00:00Z',
    _updatedAt: '2026-11-22T08:00:00Z',
    booking_ref: 'CT-7K3P9Q',
    status: 'new',
    status_history: [
      {_key: 'a', _type: 'statusChange', status: 'new', at: '2026-11-22T08:00:00Z', by: 'system'},
    ],
    created_at: '2026-11-22T08:00:00Z',
    experience_id: 'sunset-cruise',
    experience_title: 'Sunset Cruise',
    date: '2026-12-02',
    pax_adults: 2,
    pax_children: 1,
    pax_total: 3,
    name: 'Sam Moyo',
    email: 'sam@example.com',
    consent_booking: true,
    consent_privacy: true,
  }

  it('accepts a booking as the functions write it', async () => {
    expect(await problems(booking as never, [], bookingsSchema)).toEqual([])
  })

  it('flags a total that is not adults plus children, and an unknown email', async () => {
    expect(
      await problems(
        {...booking, pax_total: 5, email: 'not-an-email'} as never,
        [],
        bookingsSchema,
      ),
    ).toEqual(expect.arrayContaining(['pax_total: Total people should be adults + children (3).']))
  })

  it('keeps a confirmed trip’s status and every history entry out of hand edits', () => {
    const {fields} = bookingsSchema.get('booking') as unknown as {
      fields: {name: string; type: {readOnly?: unknown}}[]
    }
    const readOnly = (name: string) => fields.find((field) => field.name === name)!.type.readOnly
    const status = readOnly('status') as (context: {document?: unknown}) => boolean
    const history = (...statuses: string[]) => ({
      document: {...booking, status_history: statuses.map((value) => ({status: value}))},
    })
    expect(status(history('new', 'confirmed'))).toBe(true)
    // A status chosen in the form but not published yet has no history entry: the editor may change their mind.
    expect(status(history('new'))).toBe(false)
    expect(status(history('new', 'confirmed', 'declined'))).toBe(false)
    expect(readOnly('status_history')).toBe(true)
  })
})
