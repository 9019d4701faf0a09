// @vitest-environment node
import type {ContentSourceMapParsedPath} from '@sanity/client'
import {describe, expect, it} from 'vitest'

import {displayTextOnly} from './stega-fetcher.ts'

const encodes = (sourcePath: ContentSourceMapParsedPath, value = 'Some words') =>
  displayTextOnly({
    sourcePath,
    resultPath: sourcePath,
    sourceDocument: {_id: 'x', _type: 'experience'},
    value,
    filterDefault: () => true,
  } as Parameters<typeof displayTextOnly>[0])

describe('which strings carry stega in preview', () => {
  it.each([
    [['title']],
    [['heroHeading']],
    [['storiesCtaLabel']],
    [['body', {_key: 'a', _index: 0}, 'children', {_key: 'b', _index: 0}, 'text']],
    [['faqs', {_key: 'a', _index: 0}, 'answer']],
    [['whatToExpect', 0]],
  ] as ContentSourceMapParsedPath[][])('display text %j', (path) =>
    expect(encodes(path)).toBe(true),
  )

  it.each([
    [['slug', 'current']],
    [['category']],
    [['fitnessLevel']],
    [['fromPrice']],
    [['publishedAt']],
    [['heroImage', 'alt']],
    [['socialLinks', 0, 'url']],
    [['link', 'href']],
    [['aliases', 0]],
  ] as ContentSourceMapParsedPath[][])('never %j', (path) => expect(encodes(path)).toBe(false))

  it('respects the client’s own default (URLs, dates)', () => {
    expect(
      displayTextOnly({
        sourcePath: ['title'],
        resultPath: ['title'],
        sourceDocument: {_id: 'x', _type: 'experience'},
        value: 'https://example.com',
        filterDefault: () => false,
      } as Parameters<typeof displayTextOnly>[0]),
    ).toBe(false)
  })
})
