import {createPreviewSecret} from '@sanity/preview-url-secret/create-secret'
import {validatePreviewUrl} from '@sanity/preview-url-secret'
import {afterAll, afterEach, beforeAll, describe, expect, it} from 'vitest'

import {advanceLakeClockForTests, resetLakeClockForTests} from '../src/clock.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// The Presentation tool's handshake (https://www.sanity.io/docs/visual-editing/preview-url-secret), as
// @sanity/preview-url-secret runs it against hosted Sanity: the studio writes a `sanity.previewUrlSecret` draft
// (`createPreviewSecret`), the site checks it with a token (`validatePreviewUrl`, perspective raw), and a secret
// counts for an hour after it was written: `dateTime(_updatedAt) > dateTime(now()) - 3600` (its `SECRET_TTL`).
let lake: TestLake

beforeAll(async () => {
  lake = await startTestLake()
})
afterAll(() => lake.stop())
afterEach(() => resetLakeClockForTests())

const previewUrl = (secret: string) =>
  `http://localhost:3000/api/preview/enable?sanity-preview-secret=${secret}&sanity-preview-pathname=/x`

describe('preview URL secrets', () => {
  it('are accepted with a read token, for an hour, and the secret is a private draft', async () => {
    const editor = lake.client({token: lake.secrets.editorToken})
    const {secret} = await createPreviewSecret(
      editor,
      'presentation',
      'https://localhost:3334/studio',
      'u',
    )
    const reader = lake.client({token: lake.secrets.readToken})
    expect(await validatePreviewUrl(reader, previewUrl(secret))).toMatchObject({
      isValid: true,
      redirectTo: '/x',
      studioOrigin: 'https://localhost:3334',
    })
    // Drafts (ids with a dot) are private: without a token the secret cannot be read, as on hosted.
    const anonymous = lake.client({perspective: 'raw'})
    expect(await anonymous.fetch('*[_type == "sanity.previewUrlSecret"]')).toEqual([])

    // An hour and a minute later the same secret is refused.
    advanceLakeClockForTests(61 * 60 * 1000)
    expect(await validatePreviewUrl(reader, previewUrl(secret))).toMatchObject({isValid: false})
  })

  it('evaluates now() once per query, at the time the query arrived', async () => {
    const reader = lake.client({token: lake.secrets.readToken})
    const [first, second] = await reader.fetch<[string, string]>('[now(), now()]')
    expect(first).toBe(second)
    const before = Date.now()
    advanceLakeClockForTests(2 * 60 * 60 * 1000)
    const shifted = Date.parse(await reader.fetch<string>('now()'))
    expect(shifted).toBeGreaterThanOrEqual(before + 2 * 60 * 60 * 1000 - 1_000)
  })

  it('stamps what it commits with its clock, as `_updatedAt`', async () => {
    const root = lake.client({token: lake.secrets.rootToken})
    advanceLakeClockForTests(24 * 60 * 60 * 1000)
    const doc = await root.create({_type: 'note'})
    expect(Date.parse(doc._updatedAt)).toBeGreaterThan(Date.now() + 23 * 60 * 60 * 1000)
  })
})
