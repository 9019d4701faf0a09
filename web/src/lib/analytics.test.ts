import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {EVENTS_ENDPOINT, getConsent, setConsent, track} from './analytics'

describe('track', () => {
  let sendBeacon: ReturnType<typeof vi.fn>

  beforeEach(() => {
    window.dataLayer = []
    window.localStorage.clear()
    sendBeacon = vi.fn(() => true)
    Object.defineProperty(navigator, 'sendBeacon', {value: sendBeacon, configurable: true})
  })
  afterEach(() => {
    Object.defineProperty(navigator, 'doNotTrack', {value: null, configurable: true})
  })

  it('pushes every event to the dataLayer', () => {
    track('category_filter_clicked', {category: 'scenic'})
    expect(window.dataLayer).toEqual([
      expect.objectContaining({event: 'category_filter_clicked', category: 'scenic', path: '/'}),
    ])
  })

  it('sends no beacon before the visitor has agreed', () => {
    expect(getConsent()).toBe('unset')
    track('story_book_clicked', {story: 'cape-jazz-scene'})
    expect(sendBeacon).not.toHaveBeenCalled()
    setConsent('denied')
    track('story_book_clicked', {story: 'cape-jazz-scene'})
    expect(sendBeacon).not.toHaveBeenCalled()
  })

  it('sends a JSON beacon to the events endpoint once the visitor agrees', async () => {
    setConsent('granted')
    track('experience_detail_opened', {experience: 'sunset-cruise'})
    expect(sendBeacon).toHaveBeenCalledTimes(1)
    const [url, body] = sendBeacon.mock.calls[0] as [string, Blob]
    expect(url).toBe(EVENTS_ENDPOINT)
    expect(body.type).toBe('application/json')
    expect(JSON.parse(await body.text())).toMatchObject({
      event: 'experience_detail_opened',
      experience: 'sunset-cruise',
    })
  })

  it('treats Do Not Track as a refusal even after agreeing', () => {
    setConsent('granted')
    Object.defineProperty(navigator, 'doNotTrack', {value: '1', configurable: true})
    expect(getConsent()).toBe('denied')
    track('home_read_more_stories_clicked')
    expect(sendBeacon).not.toHaveBeenCalled()
  })
})
