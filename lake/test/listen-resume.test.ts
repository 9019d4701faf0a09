import type {SanityClient} from '@sanity/client'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../src/testing/start-test-lake.ts'

// A listener that reconnects with `Last-Event-ID` (as @sanity/client's EventSource does when the
// listener asked for `enableResume`) receives what it missed, once, then live events.
let lake: TestLake
let root: SanityClient

beforeAll(async () => {
  lake = await startTestLake()
  root = lake.client({token: lake.secrets.rootToken})
})
afterAll(() => lake.stop())

interface SseEvent {
  event: string
  id?: string
  data: Record<string, unknown>
}

/** Opens a listen stream and collects its events until `stop()`. */
function openStream(query: string, headers: Record<string, string> = {}) {
  const controller = new AbortController()
  const events: SseEvent[] = []
  const url = `${lake.url}/v2025-02-19/data/listen/production?query=${encodeURIComponent(query)}&enableResume=true`
  const done = fetch(url, {headers: {authorization: `Bearer ${lake.secrets.rootToken}`, ...headers}, signal: controller.signal})
    .then(async (response) => {
      const decoder = new TextDecoder()
      let buffer = ''
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, {stream: true})
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const fields = Object.fromEntries(
            block.split('\n').filter((line) => !line.startsWith(':')).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          )
          if (fields.event) events.push({event: fields.event, id: fields.id, data: JSON.parse(fields.data ?? '{}')})
        }
      }
    })
    .catch((error: Error) => {
      if (error.name !== 'AbortError') throw error
    })
  return {
    events,
    async stop() {
      controller.abort()
      await done
    },
  }
}

const mutations = (events: SseEvent[]) => events.filter((event) => event.event === 'mutation')

describe('listen resume', () => {
  it('replays the transactions missed during a disconnect, then continues live, each event once', async () => {
    const query = '*[_type == "resumable"]'
    const first = openStream(query)
    await expect.poll(() => first.events.map((event) => event.event)).toEqual(['welcome'])
    await root.create({_id: 'resume-a', _type: 'resumable', n: 1})
    await expect.poll(() => mutations(first.events).length).toBe(1)
    const lastSeen = mutations(first.events)[0]!.id!
    expect(lastSeen).toMatch(/#resume-a$/)
    await first.stop()

    // Missed while disconnected, including one transaction that touches two documents.
    await root.patch('resume-a').set({n: 2}).commit()
    await root.transaction().create({_id: 'resume-b', _type: 'resumable'}).create({_id: 'resume-c', _type: 'resumable'}).commit()
    await root.create({_id: 'resume-other', _type: 'unrelated'})

    const second = openStream(query, {'last-event-id': lastSeen})
    await expect.poll(() => mutations(second.events).length).toBe(3)
    expect(second.events[0]!.event).toBe('welcomeback')
    const replayed = mutations(second.events)
    expect(replayed.map((event) => event.data.documentId)).toEqual(['resume-a', 'resume-b', 'resume-c'])
    expect(replayed.map((event) => event.data.transactionTotalEvents)).toEqual([1, 2, 2])

    await root.create({_id: 'resume-d', _type: 'resumable'})
    await expect.poll(() => mutations(second.events).length).toBe(4)
    expect(mutations(second.events)[3]!.data.documentId).toBe('resume-d')
    const ids = mutations(second.events).map((event) => event.id)
    expect(new Set(ids).size).toBe(ids.length)
    await second.stop()
  })

  it('asks the client to start afresh when the last event is unknown', async () => {
    const stream = openStream('*[_type == "resumable"]', {'last-event-id': 'no-such-transaction#doc'})
    await expect.poll(() => stream.events.map((event) => event.event)).toEqual(['reset'])
    await root.create({_id: 'after-reset', _type: 'resumable'})
    await expect.poll(() => mutations(stream.events).length).toBe(1)
    await stream.stop()
  })

  it('sends welcome through the real client when it asks for resumable streams', async () => {
    const received: string[] = []
    const subscription = root
      .listen('*[_type == "resumable"]', {}, {enableResume: true, events: ['welcome', 'welcomeback', 'reset', 'mutation']} as never)
      .subscribe((event: {type: string}) => received.push(event.type))
    await expect.poll(() => received).toEqual(['welcome'])
    await root.create({_id: 'client-resume', _type: 'resumable'})
    await expect.poll(() => received).toEqual(['welcome', 'mutation'])
    subscription.unsubscribe()
  })
})
