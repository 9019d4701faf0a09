/**
 * Builders for the values the seed documents contain: references, images in Sanity's import form, and Portable
 * Text written in a compact markup. `_key`s are derived from content positions, so the output is deterministic.
 */
import {createHash} from 'node:crypto'

import {experienceId} from './document-ids.ts'

export type Reference = {_type: 'reference'; _ref: string; _key?: string}
export type SeedImage = {_type: 'image'; _sanityAsset: string; alt: string; caption?: string}

export function ref(id: string): Reference {
  return {_type: 'reference', _ref: id}
}

export function keyed<T extends object>(items: T[], prefix: string): (T & {_key: string})[] {
  return items.map((item, i) => ({_key: key(prefix, i), ...item}))
}

export function key(...parts: (string | number)[]): string {
  return createHash('sha1').update(parts.join('/')).digest('hex').slice(0, 12)
}

/** An image field as `sanity dataset import` reads it: the file path is relative to the NDJSON file. */
export function image(name: string, alt: string): SeedImage {
  return {_type: 'image', _sanityAsset: `image@file://./images/${name}.jpg`, alt}
}

type Span = {_type: 'span'; _key: string; text: string; marks: string[]}
type MarkDef = {_type: string; _key: string; [field: string]: unknown}
export type Block = {
  _type: 'block'
  _key: string
  style: string
  children: Span[]
  markDefs: MarkDef[]
  listItem?: 'bullet' | 'number'
  level?: number
}
export type PullQuote = {_type: 'pullQuote'; _key: string; quote: string; attribution?: string}
export type PortableText = (Block | PullQuote)[]

/**
 * Inline markup: `**bold**`, `*italic*`, `[text](https://…)` for web links and `[text](experience:slug)` for a
 * link to an experience (a reference to `experience.<slug>`).
 */
function spans(text: string, blockKey: string): {children: Span[]; markDefs: MarkDef[]} {
  const children: Span[] = []
  const markDefs: MarkDef[] = []
  const pattern = /\[([^\]]+)\]\(([^)]+)\)|\*\*([^*]+)\*\*|\*([^*]+)\*/g
  let last = 0
  const push = (t: string, marks: string[]) => {
    if (t) children.push({_type: 'span', _key: key(blockKey, 's', children.length), text: t, marks})
  }
  for (const match of text.matchAll(pattern)) {
    push(text.slice(last, match.index), [])
    if (match[1] !== undefined) {
      const target = match[2]!
      const defKey = key(blockKey, 'm', markDefs.length)
      markDefs.push(
        target.startsWith('experience:')
          ? {
              _type: 'experienceLink',
              _key: defKey,
              experience: ref(experienceId(target.slice('experience:'.length))),
            }
          : {_type: 'link', _key: defKey, href: target},
      )
      push(match[1], [defKey])
    } else if (match[3] !== undefined) push(match[3], ['strong'])
    else push(match[4]!, ['em'])
    last = match.index + match[0].length
  }
  push(text.slice(last), [])
  return {children, markDefs}
}

/**
 * Portable Text from a compact markup, one block per paragraph (blank-line separated):
 * `## Heading`, `### Subheading`, `- bullet` lines, `1. numbered` lines, `> Quote — Attribution` for a pull
 * quote, anything else a paragraph.
 */
export function portableText(source: string, keyPrefix: string): PortableText {
  const blocks: PortableText = []
  const paragraphs = source
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
  for (const paragraph of paragraphs) {
    const lines = paragraph.split('\n').map((l) => l.trim())
    if (lines.every((l) => l.startsWith('- ') || /^\d+\. /.test(l))) {
      for (const line of lines) {
        const numbered = /^\d+\. /.test(line)
        const k = key(keyPrefix, blocks.length)
        blocks.push({
          _type: 'block',
          _key: k,
          style: 'normal',
          listItem: numbered ? 'number' : 'bullet',
          level: 1,
          ...spans(line.replace(/^(- |\d+\. )/, ''), k),
        })
      }
      continue
    }
    const text = lines.join(' ')
    const k = key(keyPrefix, blocks.length)
    if (text.startsWith('> ')) {
      const [quote, attribution] = text.slice(2).split(' — ')
      blocks.push({
        _type: 'pullQuote',
        _key: k,
        quote: quote!.trim(),
        ...(attribution ? {attribution: attribution.trim()} : {}),
      })
    } else if (text.startsWith('### '))
      blocks.push({_type: 'block', _key: k, style: 'h3', ...spans(text.slice(4), k)})
    else if (text.startsWith('## '))
      blocks.push({_type: 'block', _key: k, style: 'h2', ...spans(text.slice(3), k)})
    else blocks.push({_type: 'block', _key: k, style: 'normal', ...spans(text, k)})
  }
  return blocks
}

/** The plain text of Portable Text (for word counts and search). */
export function toPlainText(blocks: PortableText): string {
  return blocks
    .map((b) => (b._type === 'block' ? b.children.map((c) => c.text).join('') : b.quote))
    .join('\n\n')
}
