import {readFileSync, statSync} from 'node:fs'
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import sharp from 'sharp'
import {describe, expect, it} from 'vitest'

import {categoryTitle, isExperienceCategory} from '@repo/schemas/categories.ts'
import {MAX_FAQS, countWords} from '@repo/schemas/content-rules.ts'
import {
  validateExperienceSettings,
  shouldShowTimeSelect,
} from '@repo/schemas/experience-settings.ts'
import {
  capacityOverridesProblem,
  capacityProblem,
  slotCapacitiesProblem,
} from '@repo/schemas/capacity.ts'
import {
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_TYPE,
  mailTemplateId,
  templateBodyProblems,
  templateSubjectProblems,
  type MailTemplateKind,
} from '@repo/schemas/mail-templates.ts'
import {slugify} from '@repo/schemas/slugify.ts'

import {toPlainText, type PortableText} from './sanity-values.ts'
import {seedDocuments, toNdjson, type SeedDocument} from './seed.ts'

const contentDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const ndjson = readFileSync(resolve(contentDir, 'production.ndjson'), 'utf8')
const docs: SeedDocument[] = ndjson
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line))
const byId = new Map(docs.map((d) => [d._id, d]))
const ofType = (type: string) =>
  docs.filter((d) => d._type === type) as (SeedDocument & Record<string, any>)[]
const experience = (slug: string) => byId.get(`experience-${slug}`) as Record<string, any>

/** Every value in a document tree, with its path. */
function* walk(value: unknown, path: string): Generator<[string, unknown]> {
  yield [path, value]
  if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* walk(v, `${path}[${i}]`)
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) yield* walk(v, `${path}.${k}`)
}

describe('the committed seed file', () => {
  it('is exactly what the generator writes (run `npx node scripts/build-seed.ts` after editing src/)', () => {
    expect(ndjson).toBe(toNdjson(seedDocuments()))
  })

  it('has unique, readable ids at the root path (a dot would hide the document from the site on hosted Sanity)', () => {
    expect(byId.size).toBe(docs.length)
    for (const doc of docs) expect(doc._id).toMatch(/^[a-zA-Z][a-zA-Z0-9]*(-[a-zA-Z0-9-]+)?$/)
  })

  it('has only references that resolve to a document in the file', () => {
    const refs = docs.flatMap((doc) =>
      [...walk(doc, doc._id)].flatMap(([path, v]) =>
        v && typeof v === 'object' && '_ref' in v
          ? [[path, (v as {_ref: string})._ref] as const]
          : [],
      ),
    )
    expect(refs.length).toBeGreaterThan(40)
    for (const [path, id] of refs) expect(byId.has(id), `${path} → ${id}`).toBe(true)
  })

  it('gives every object in an array a _key that is unique in its array', () => {
    for (const doc of docs)
      for (const [path, v] of walk(doc, doc._id)) {
        if (!Array.isArray(v) || !v.some((item) => item && typeof item === 'object')) continue
        const keys = v.map((item) => item._key)
        expect(
          keys.every((k) => typeof k === 'string' && k.length > 0),
          path,
        ).toBe(true)
        expect(new Set(keys).size, path).toBe(keys.length)
      }
  })

  it('uses only fields the schema defines, and fills every required field', () => {
    const schema = JSON.parse(
      readFileSync(resolve(contentDir, '../schemas/sanity.schema.json'), 'utf8'),
    ) as {
      name: string
      type: string
      attributes?: Record<string, {optional?: boolean}>
    }[]
    for (const doc of docs) {
      const type = schema.find((t) => t.name === doc._type && t.type === 'document')
      expect(type, doc._type).toBeDefined()
      const attributes = type!.attributes!
      for (const field of Object.keys(doc))
        expect(attributes, `${doc._id}.${field}`).toHaveProperty(field)
      for (const [field, attribute] of Object.entries(attributes))
        if (attribute.optional === false && !field.startsWith('_')) {
          // The bespoke experience has no from price, by design.
          expect(doc[field], `${doc._id}.${field}`).toBeDefined()
        }
    }
  })
})

describe('images', () => {
  const images = docs.flatMap((doc) =>
    [...walk(doc, doc._id)].flatMap(([path, v]) =>
      v && typeof v === 'object' && (v as {_type?: string})._type === 'image'
        ? [[path, v as Record<string, string>] as const]
        : [],
    ),
  )

  it('appear on every experience, story and itinerary day, always with alt text', () => {
    expect(images.length).toBe(9 + 9 + 7 + 2)
    for (const [path, img] of images) {
      expect(img._sanityAsset, path).toMatch(/^image@file:\/\/\.\/images\/[a-z0-9-]+\.jpg$/)
      expect(img.alt?.trim().length, path).toBeGreaterThan(15)
    }
  })

  it('point at generated JPEGs of 1600×1000 and a modest size', async () => {
    for (const [path, img] of images) {
      const file = resolve(contentDir, img._sanityAsset!.replace('image@file://./', ''))
      expect(statSync(file).size, path).toBeLessThan(300_000)
      const meta = await sharp(file).metadata()
      expect([meta.format, meta.width, meta.height], path).toEqual(['jpeg', 1600, 1000])
    }
  })

  it('are distinct for every subject', () => {
    const assets = images.map(([, img]) => img._sanityAsset)
    expect(new Set(assets).size).toBe(assets.length)
  })
})

describe('experiences', () => {
  const experiences = ofType('experience')

  it('are the eight of the copy audit plus the bespoke card', () => {
    expect(
      experiences
        .filter((e) => !e.isBespoke)
        .map((e) => e.slug.current)
        .sort(),
    ).toEqual(
      [
        'bo-kaap-food-walk',
        'bo-kaap-spice-route-cooking',
        'cape-point-penguins',
        'cape-winelands-tour',
        'lions-head-sunset-hike',
        'robben-island',
        'sunset-cruise',
        'township-jazz-night',
      ].sort(),
    )
    const bespoke = experiences.filter((e) => e.isBespoke)
    expect(bespoke).toHaveLength(1)
    expect(bespoke[0]!.category).toBe('bespoke')
  })

  it('follow the slug rule, and ids follow the slug', () => {
    for (const e of experiences) {
      expect(e.slug.current).toBe(slugify(e.title))
      expect(e._id).toBe(`experience-${e.slug.current}`)
    }
  })

  it('carry the product’s facts (category, duration, from price, group cap, minimum age)', () => {
    const facts: [string, string, RegExp, number, number, number][] = [
      ['lions-head-sunset-hike', 'Adventure & Outdoors', /2–4 hours/, 450, 8, 12],
      ['cape-winelands-tour', 'Food & Drink', /8 hours/, 850, 8, 18],
      ['bo-kaap-food-walk', 'History & Culture', /^2 hours$/, 320, 6, 0],
      ['township-jazz-night', 'History & Culture', /4 hours, 18:00 start/, 540, 10, 16],
      ['cape-point-penguins', 'Scenic', /8–9 hours/, 720, 8, 0],
      ['sunset-cruise', 'Scenic', /^2 hours$/, 480, 30, 0],
    ]
    for (const [slug, category, duration, price, cap, age] of facts) {
      const e = experience(slug)
      expect([slug, categoryTitle(e.category), e.fromPrice, e.maxGroupSize, e.minimumAge]).toEqual([
        slug,
        category,
        price,
        cap,
        age,
      ])
      expect(e.duration).toMatch(duration)
    }
  })

  it('fill every field, with at most five FAQs and the default cancellation text', () => {
    for (const e of experiences) {
      // One price to keep up to date: a price text only where there is no from price.
      if (e.fromPrice != null) expect(e.priceRange, `${e._id}.priceRange`).toBeUndefined()
      else expect(String(e.priceRange ?? '')).toMatch(/\w/)
      for (const field of [
        'location',
        'duration',
        'blurb',
        'description',
        'whatToExpect',
        'format',
        'goodToKnow',
        'meetingPickup',
        'cancellation',
      ])
        expect(String(e[field] ?? '').length, `${e._id}.${field}`).toBeGreaterThan(5)
      for (const list of ['highlights', 'included', 'optionalExtras', 'whatToBring', 'faqs'])
        expect(e[list]?.length, `${e._id}.${list}`).toBeGreaterThan(1)
      expect(e.faqs.length).toBeLessThanOrEqual(MAX_FAQS)
      expect(isExperienceCategory(e.category)).toBe(true)
      expect(e.cancellation).toMatch(/48 hours/)
      if (!e.isBespoke) expect(e.fromPrice).toBeGreaterThan(0)
    }
  })

  it('fill the seven featured places on the home page exactly once', () => {
    const featured = experiences
      .map((e) => e.featuredOrder)
      .filter((n) => n !== undefined)
      .sort()
    expect(featured).toEqual([1, 2, 3, 4, 5, 6, 7])
  })
})

describe('booking settings', () => {
  const settings = ofType('experienceSettings')

  it('exist once per experience and pass the shared validation', () => {
    const refs = settings.map((s) => s.experience._ref).sort()
    expect(refs).toEqual(
      ofType('experience')
        .map((e) => e._id)
        .sort(),
    )
    for (const s of settings) {
      expect(s._id).toBe(s.experience._ref.replace('experience-', 'settings-'))
      expect(
        validateExperienceSettings(
          s as Parameters<typeof validateExperienceSettings>[0],
          '2026-11-22',
        ),
        s._id,
      ).toEqual([])
      expect(s.maxPax, s._id).toBeLessThanOrEqual(
        byId.get(s.experience._ref)!.maxGroupSize as number,
      )
    }
  })

  it('give each departure the spec’s max group as its places, and pass the studio’s capacity checks', () => {
    for (const s of settings) {
      const experience = byId.get(s.experience._ref)!
      expect(s.capacity, s._id).toBe(experience.maxGroupSize)
      expect(capacityProblem(s.capacity), s._id).toBeNull()
      expect(slotCapacitiesProblem(s.slotCapacities, s.timeSlots), s._id).toBeNull()
      expect(capacityOverridesProblem(s.capacityOverrides, s.timeSlots), s._id).toBeNull()
    }
    const capacityOf = (slug: string) =>
      settings.find((s) => s._id === `settings-${slug}`)!.capacity
    expect(
      [
        'lions-head-sunset-hike',
        'cape-winelands-tour',
        'bo-kaap-food-walk',
        'township-jazz-night',
      ].map(capacityOf),
    ).toEqual([8, 8, 6, 10])
    expect(capacityOf('cape-point-penguins')).toBe(8)
    expect(capacityOf('sunset-cruise')).toBe(30)
  })

  it('match each experience: sunset hike at sunset, winelands all day, jazz in the evening', () => {
    const slotsOf = (slug: string) => settings.find((s) => s._id === `settings-${slug}`)!.timeSlots
    expect(slotsOf('lions-head-sunset-hike')).toContain('Sunset')
    expect(slotsOf('cape-winelands-tour')).toEqual(['Full Day'])
    expect(slotsOf('township-jazz-night')).toEqual(['Evening'])
    expect(shouldShowTimeSelect({timeSlots: slotsOf('bo-kaap-food-walk')})).toBe(true)
  })
})

describe('stories', () => {
  const stories = ofType('story')
  const ctaTarget = (slug: string) => {
    const cta = stories.find((s) => s.slug.current === slug)!.callToAction
    return cta.kind === 'questionnaire'
      ? 'questionnaire'
      : (byId.get(cta.experience._ref) as any).slug.current
  }

  it('are the nine local stories', () => {
    expect(stories.map((s) => s.slug.current).sort()).toEqual(
      [
        'woodstock-art-studios',
        'old-biscuit-mill',
        'cape-jazz-scene',
        'table-mountain-hiking',
        'boulders-penguins',
        'cape-wine-farms',
        'cape-live-music',
        'cape-markets',
        'chapmans-peak-drive',
      ].sort(),
    )
  })

  it('send their call to action where the spec’s table says', () => {
    expect(
      Object.fromEntries(stories.map((s) => [s.slug.current, ctaTarget(s.slug.current)])),
    ).toEqual({
      'woodstock-art-studios': 'questionnaire',
      'chapmans-peak-drive': 'questionnaire',
      'old-biscuit-mill': 'bo-kaap-food-walk',
      'cape-markets': 'bo-kaap-food-walk',
      'cape-jazz-scene': 'township-jazz-night',
      'cape-live-music': 'township-jazz-night',
      'table-mountain-hiking': 'lions-head-sunset-hike',
      'boulders-penguins': 'cape-point-penguins',
      'cape-wine-farms': 'cape-winelands-tour',
    })
  })

  it('are full articles of at least 300 words, with headings and a pull quote', () => {
    for (const s of stories) {
      const body = s.body as PortableText
      expect(countWords(toPlainText(body)), s._id).toBeGreaterThanOrEqual(300)
      expect(
        body.some((b) => b._type === 'block' && b.style === 'h2'),
        s._id,
      ).toBe(true)
      expect(
        body.some((b) => b._type === 'pullQuote'),
        s._id,
      ).toBe(true)
      expect(s.teaser.length).toBeLessThanOrEqual(260)
    }
  })
})

describe('singletons and the rest', () => {
  it('include the site settings and page copy with the spec’s texts', () => {
    const settings = byId.get('siteSettings') as Record<string, string>
    expect(settings.reassuranceText).toBe('No payment required at this stage — just planning.')
    expect(settings.newsletterSuccessMessage).toBe('Thanks — you’re on the list.')
    expect(settings.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/)
    const copy = byId.get('pageCopy') as Record<string, any>
    expect(copy.thankYouHeading).toBe('Thank you — we’re on it')
    expect(copy.notFoundHeading).toBe('Oops! Page not found')
    expect(copy.questionnaireHero.heading).toBe('Plan Your Perfect Trip')
    const home = byId.get('homePage') as Record<string, any>
    expect(home.featuredStories.map((r: {_ref: string}) => r._ref)).toEqual([
      'story-woodstock-art-studios',
      'story-old-biscuit-mill',
      'story-cape-jazz-scene',
    ])
    expect(home.howItWorksSteps.map((s: {title: string}) => s.title)).toEqual([
      'Pick or request',
      'We confirm',
      'Enjoy',
    ])
    expect(byId.has('aboutPage')).toBe(true)
  })

  it('send mail under the site’s own brand, with working hours the request rules can use', () => {
    const settings = byId.get('siteSettings') as Record<string, any>
    expect(settings.mailFromName).toBe(settings.siteName)
    expect(settings.mailFromAddress).toBe(settings.email)
    expect(settings.mailSignature).toContain(`The ${settings.siteName} team`)
    expect(settings.workingHours.start < settings.workingHours.end).toBe(true)
    expect(settings.workingHours.days.length).toBeGreaterThan(0)
    expect(settings.responseTargetHours).toBeGreaterThanOrEqual(1)
  })

  it('include one mail template per kind, each with only the placeholders its mail fills', () => {
    const templates = docs.filter((doc) => doc._type === MAIL_TEMPLATE_TYPE)
    expect(templates.map((t) => t._id).sort()).toEqual(
      MAIL_TEMPLATE_KINDS.map(({kind}) => mailTemplateId(kind)).sort(),
    )
    for (const template of templates) {
      const {kind, subject, body} = template as unknown as {
        kind: MailTemplateKind
        subject: string
        body: string
      }
      expect(template._id).toBe(mailTemplateId(kind))
      expect(templateSubjectProblems(kind, subject), `${kind} subject`).toEqual([])
      expect(templateBodyProblems(kind, body), `${kind} body`).toEqual([])
    }
  })

  it('include the 7-day itinerary with its 15 services', () => {
    const itinerary = byId.get('itinerary') as Record<string, any>
    expect(itinerary.slug.current).toBe('bespoke-7-day')
    expect(itinerary.days.map((d: {title: string}) => d.title)).toEqual([
      'City & Table Mountain',
      'Winelands',
      'Cape Point & Penguins',
      'Woodstock & Bo-Kaap',
      'Ocean & Sunset',
      'Jazz & Nightlife',
      'Your Way',
    ])
    for (const day of itinerary.days)
      for (const part of ['morning', 'afternoon', 'evening'])
        expect(day[part].length).toBeGreaterThan(20)
    expect(itinerary.services).toHaveLength(15)
    expect(new Set(itinerary.services).size).toBe(15)
  })

  it('include at least three testimonials', () => {
    expect(ofType('testimonial').length).toBeGreaterThanOrEqual(3)
  })
})
