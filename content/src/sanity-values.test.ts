import {describe, expect, it} from 'vitest'

import {image, portableText, toPlainText} from './sanity-values.ts'

describe('portableText', () => {
  const blocks = portableText(
    `## A heading

A paragraph with **bold**, *italic*, a [web link](https://example.com) and a [hike](experience:lions-head-sunset-hike).

- first
- second

> Quoted words — Someone`,
    'test',
  )

  it('turns the markup into headings, paragraphs, lists and pull quotes', () => {
    expect(blocks.map((b) => (b._type === 'block' ? (b.listItem ?? b.style) : b._type))).toEqual([
      'h2',
      'normal',
      'bullet',
      'bullet',
      'pullQuote',
    ])
    expect(blocks[4]).toMatchObject({quote: 'Quoted words', attribution: 'Someone'})
  })

  it('marks bold, italic and both kinds of links', () => {
    const paragraph = blocks[1]!
    if (paragraph._type !== 'block') throw new Error('expected a block')
    expect(paragraph.markDefs.map((d) => d._type)).toEqual(['link', 'experienceLink'])
    expect(paragraph.markDefs[1]).toMatchObject({
      experience: {_type: 'reference', _ref: 'experience-lions-head-sunset-hike'},
    })
    expect(paragraph.children.find((c) => c.text === 'bold')?.marks).toEqual(['strong'])
    expect(paragraph.children.find((c) => c.text === 'italic')?.marks).toEqual(['em'])
    expect(paragraph.children.find((c) => c.text === 'hike')?.marks).toEqual([
      paragraph.markDefs[1]!._key,
    ])
  })

  it('gives every block and span a unique, stable key', () => {
    const keys = blocks.flatMap((b) => [
      b._key,
      ...(b._type === 'block' ? b.children.map((c) => c._key) : []),
    ])
    expect(new Set(keys).size).toBe(keys.length)
    expect(portableText('## A heading', 'test')[0]!._key).toBe(blocks[0]!._key)
  })

  it('reads back as plain text', () => {
    expect(toPlainText(blocks)).toContain('A paragraph with bold, italic, a web link and a hike.')
  })
})

describe('image', () => {
  it('uses the import form with a path relative to the NDJSON file', () => {
    expect(image('story-cape-markets', 'Market stalls')).toEqual({
      _type: 'image',
      _sanityAsset: 'image@file://./images/story-cape-markets.jpg',
      alt: 'Market stalls',
    })
  })
})
