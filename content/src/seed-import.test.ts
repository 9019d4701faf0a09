/**
 * The seed imports into an empty local lake (the same importer `npm start` and `lake import` use) and reads back
 * through @sanity/client as the site will read it: every type present, images uploaded as assets, references
 * resolving.
 */
import {dirname, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

import {importDataset} from '@repo/lake/ndjson/import-dataset.ts'
import {startTestLake, type TestLake} from '@repo/lake/testing/start-test-lake.ts'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {MAIL_TEMPLATE_KINDS} from '@repo/schemas/mail-templates.ts'

const seedFile = resolve(dirname(fileURLToPath(import.meta.url)), '../production.ndjson')

describe('importing the seed into an empty lake', () => {
  let lake: TestLake
  let imported: Awaited<ReturnType<typeof importDataset>>

  beforeAll(async () => {
    lake = await startTestLake()
    imported = await importDataset({
      dataset: lake.lake.dataset('production'),
      file: seedFile,
      dataDir: lake.dataDir,
      projectId: 'local',
      publicBaseUrl: lake.url,
      author: 'seed-test',
    })
  })
  afterAll(() => lake?.stop())

  it('creates every document and uploads every image once', () => {
    expect(imported).toMatchObject({
      documents: 64,
      created: 64,
      replaced: 0,
      skipped: 0,
      assets: 27,
    })
    expect(imported.warnings).toEqual([])
  })

  it('produces the expected documents of each type, readable anonymously', async () => {
    const counts = await lake.client({perspective: 'published'}).fetch(`{
      "experience": count(*[_type == "experience"]),
      "bespoke": count(*[_type == "experience" && isBespoke]),
      "experienceSettings": count(*[_type == "experienceSettings"]),
      "story": count(*[_type == "story"]),
      "testimonial": count(*[_type == "testimonial"]),
      "mailTemplate": count(*[_type == "mailTemplate"]),
      "singletons": count(*[_id in ["siteSettings", "homePage", "aboutPage", "pageCopy", "privacyNotice", "itinerary"]])
    }`)
    expect(counts).toEqual({
      experience: 9,
      bespoke: 1,
      experienceSettings: 9,
      story: 9,
      testimonial: 4,
      mailTemplate: MAIL_TEMPLATE_KINDS.length,
      singletons: 6,
    })
  })

  it('turns every image into an uploaded asset with its alt text', async () => {
    const images = await lake.client().fetch<{url: string | null; alt: string; width: number}[]>(`[
      ...*[_type in ["experience", "story"]].image,
      ...*[_id == "itinerary"][0].days[].image,
      *[_id == "homePage"][0].heroImage,
      *[_id == "aboutPage"][0].image
    ]{"url": asset->url, alt, "width": asset->metadata.dimensions.width}`)
    expect(images).toHaveLength(27)
    for (const image of images) {
      expect(image.url).toMatch(/^http/)
      expect(image.alt.length).toBeGreaterThan(0)
      expect(image.width).toBe(1600)
    }
    const response = await fetch(images[0]!.url!)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
  })

  it('resolves settings, story calls to action and home-page references', async () => {
    const result = await lake.client().fetch(`{
      "settings": *[_type == "experienceSettings" && !defined(experience->slug.current)]._id,
      "stories": *[_type == "story"] | order(slug.current asc){
        "slug": slug.current,
        "to": select(callToAction.kind == "questionnaire" => "questionnaire", callToAction.experience->slug.current)
      },
      "home": *[_id == "homePage"][0]{"stories": featuredStories[]->slug.current, "testimonials": count(testimonials[]->quote)}
    }`)
    expect(result.settings).toEqual([])
    expect(result.stories).toEqual([
      {slug: 'boulders-penguins', to: 'cape-point-penguins'},
      {slug: 'cape-jazz-scene', to: 'township-jazz-night'},
      {slug: 'cape-live-music', to: 'township-jazz-night'},
      {slug: 'cape-markets', to: 'bo-kaap-food-walk'},
      {slug: 'cape-wine-farms', to: 'cape-winelands-tour'},
      {slug: 'chapmans-peak-drive', to: 'questionnaire'},
      {slug: 'old-biscuit-mill', to: 'bo-kaap-food-walk'},
      {slug: 'table-mountain-hiking', to: 'lions-head-sunset-hike'},
      {slug: 'woodstock-art-studios', to: 'questionnaire'},
    ])
    expect(result.home).toEqual({
      stories: ['woodstock-art-studios', 'old-biscuit-mill', 'cape-jazz-scene'],
      testimonials: 3,
    })
  })
})
