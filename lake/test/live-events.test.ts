import type {LiveEvent, SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {queryTags} from '../src/live/sync-tags.ts'
import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// The Live Content API through the real client: `client.live.events()`.
let lake: TestLake
let root: SanityClient
let anonymous: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
  anonymous = lake.client({perspective: 'published'})
})
afterAll(() => lake.stop())

function collect(client: SanityClient, options: {includeDrafts?: boolean} = {}) {
  const events: LiveEvent[] = []
  const errors: unknown[] = []
  const subscription = client.live.events(options).subscribe({next: (event) => events.push(event), error: (error) => errors.push(error)})
  return {events, errors, stop: () => subscription.unsubscribe()}
}

const messages = (events: LiveEvent[]) => events.filter((event) => event.type === 'message')

describe('live events', () => {
  it('tells an anonymous page which sync tags a publish invalidates, and nothing for drafts', async () => {
    const stream = collect(anonymous)
    await expect.poll(() => stream.events.map((event) => event.type)).toEqual(['welcome'])

    await root.create({_id: 'drafts.live-exp', _type: 'liveExperience', title: 'Draft'})
    await root.create({_id: 'live-exp', _type: 'liveExperience', title: 'Published'})
    await expect.poll(() => messages(stream.events).length).toBe(1)
    const [message] = messages(stream.events)
    expect(message).toMatchObject({type: 'message', id: expect.any(String)})
    const tags = (message as {tags: string[]}).tags
    // The tag of a query over that type and the dataset-wide tag are both in it; another type's is not.
    expect(tags).toEqual(expect.arrayContaining([...queryTags('production', ['liveExperience']), ...queryTags('production', null)]))
    expect(tags).not.toContain(queryTags('production', ['story'])[0])
    stream.stop()
  })

  it('names in a message the sync tags of the queries whose results a publish can change', async () => {
    const stream = collect(anonymous)
    await expect.poll(() => stream.events.map((event) => event.type)).toEqual(['welcome'])
    const tagsOf = async (query: string) =>
      ((await anonymous.fetch(query, {}, {filterResponse: false})) as {syncTags: string[]}).syncTags
    const experiences = await tagsOf('*[_type == "liveExperience"]{title}')
    const stories = await tagsOf('*[_type == "liveStory"]{title}')
    const joined = await tagsOf('*[_type == "liveStory"]{"experience": experience->title}')
    expect(experiences).toHaveLength(1)

    await root.create({_id: 'live-tagged', _type: 'liveExperience', title: 'Tagged'})
    await expect.poll(() => messages(stream.events).length).toBe(1)
    const tags = (messages(stream.events)[0] as {tags: string[]}).tags
    expect(tags).toEqual(expect.arrayContaining(experiences))
    // A join may read any document, so any change reaches it; a query over another type is left alone.
    expect(tags).toEqual(expect.arrayContaining(joined))
    expect(tags.some((tag) => stories.includes(tag))).toBe(false)
    stream.stop()
  })

  it('includes draft changes for a token that asks for them, and refuses them to anonymous callers', async () => {
    const stream = collect(root, {includeDrafts: true})
    await expect.poll(() => stream.events.map((event) => event.type)).toEqual(['welcome'])
    await root.create({_id: 'drafts.live-draft', _type: 'liveExperience'})
    await expect.poll(() => messages(stream.events).length).toBe(1)
    stream.stop()

    const refused = await fetch(`${lake.url}/v2025-02-19/data/live/events/production?includeDrafts=true`)
    expect(refused.status).toBe(401)
    const privateDataset = await fetch(`${lake.url}/v2025-02-19/data/live/events/bookings`)
    expect(privateDataset.status).toBe(401)
  })

  it('replays what a reconnecting page missed, and asks it to restart when that is unknown', async () => {
    const first = await root.create({_id: 'live-resume-1', _type: 'liveExperience'})
    await root.create({_id: 'live-resume-2', _type: 'liveExperience'})
    const controller = new AbortController()
    const response = await fetch(`${lake.url}/v2025-02-19/data/live/events/production`, {
      headers: {'last-event-id': first._rev},
      signal: controller.signal,
    })
    const reader = response.body!.getReader()
    let text = ''
    while (!text.includes('event: message')) text += new TextDecoder().decode((await reader.read()).value)
    expect(text).toMatch(/event: message\nid: [^\n]+\ndata: \{"tags":\["s1:/)
    controller.abort()

    const unknown = await fetch(`${lake.url}/v2025-02-19/data/live/events/production`, {
      headers: {'last-event-id': 'no-such-transaction'},
      signal: AbortSignal.timeout(2_000),
    })
    const head = new TextDecoder().decode((await unknown.body!.getReader().read()).value)
    expect(head).toContain('event: restart')
  })
})
