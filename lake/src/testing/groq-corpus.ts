import fs from 'node:fs'

import type {SanityDocument} from '../store/types.ts'
import {createRandom} from './seeded-random.ts'

/**
 * Material for the differential GROQ test (lake/test/groq-differential.test.ts): a generated dataset
 * with the shapes that make query plans go wrong (references, arrays of references, ties, missing and
 * null values, drafts and versions, nested objects), the seed content, and queries, hand-written and
 * generated, each to be answered by the lake over HTTP exactly as groq-js answers it.
 */

const NAMES = ['Thandi', 'Pieter', 'Aisha', 'Sipho', 'Lerato', 'Johan', 'Naledi', 'Ravi']
const WORDS = ['table', 'mountain', 'wine', 'jazz', 'penguin', 'sunset', 'spice', 'harbour', 'fynbos', 'cape']
const CATEGORIES = ['hike', 'food', 'music', 'wildlife', 'sea'] as const

/** Authors, posts (with drafts and a release version of some) and tags, in a fixed order. */
export function generatedDocuments(seed = 20261122): SanityDocument[] {
  const rng = createRandom(seed)
  const docs: SanityDocument[] = []
  for (let i = 0; i < 12; i++) {
    docs.push({
      _id: `tag-${i}`,
      _type: 'tag',
      label: rng.pick(WORDS),
      weight: rng.int(4),
    })
  }
  for (let i = 0; i < 30; i++) {
    const author: SanityDocument = {_id: `author-${i}`, _type: 'author', name: rng.pick(NAMES)}
    if (rng.chance(0.8)) author.age = 20 + rng.int(40)
    else if (rng.chance(0.5)) author.age = null
    author.languages = Array.from({length: rng.int(3)}, () => rng.pick(['en', 'af', 'xh', 'zu']))
    author.joined = `2025-${String(1 + rng.int(12)).padStart(2, '0')}-${String(1 + rng.int(28)).padStart(2, '0')}T10:00:00Z`
    if (rng.chance(0.4)) author.address = {city: rng.pick(['Cape Town', 'Stellenbosch', 'Hermanus']), zip: String(7000 + rng.int(999))}
    docs.push(author)
  }
  for (let i = 0; i < 160; i++) {
    const post: SanityDocument = {
      _id: `post-${i}`,
      _type: 'post',
      title: `${rng.pick(WORDS)} ${rng.pick(WORDS)}`,
      slug: {_type: 'slug', current: `post-${i}`},
      category: rng.pick(CATEGORIES),
      published: rng.chance(0.7),
      author: {_type: 'reference', _ref: `author-${rng.int(30)}`},
      coauthors: Array.from({length: rng.int(4)}, (_, k) => ({_key: `c${k}`, _type: 'reference', _ref: `author-${rng.int(30)}`})),
      tags: Array.from({length: rng.int(3)}, (_, k) => ({_key: `t${k}`, _type: 'reference', _ref: `tag-${rng.int(12)}`})),
      body: [
        {_key: 'b0', _type: 'block', style: rng.pick(['normal', 'h2']), children: [{_key: 's0', _type: 'span', text: `${rng.pick(WORDS)} and ${rng.pick(WORDS)}`, marks: []}]},
      ],
    }
    // Ties, missing values, nulls and mixed numbers: what orderings get wrong.
    if (rng.chance(0.85)) post.score = rng.chance(0.8) ? rng.int(10) : rng.int(10) + 0.5
    else if (rng.chance(0.5)) post.score = null
    if (rng.chance(0.5)) post.publishedAt = `2026-${String(1 + rng.int(12)).padStart(2, '0')}-01T00:00:00Z`
    docs.push(post)
    if (rng.chance(0.2)) {
      docs.push({...post, _id: `drafts.post-${i}`, title: `${post.title as string} (draft)`, score: rng.int(10)})
    }
    if (rng.chance(0.05)) docs.push({...post, _id: `versions.summer.post-${i}`, title: `${post.title as string} (summer)`})
  }
  // A draft of a document that was never published, and the release the summer versions belong to.
  docs.push({_id: 'drafts.post-new', _type: 'post', title: 'new post', score: 3, category: 'hike', author: {_type: 'reference', _ref: 'author-1'}})
  docs.push({_id: '_.releases.summer', _type: 'system.release', name: 'summer', metadata: {title: 'Summer'}})
  // Types interleaved, so that an index by type cannot return them in dataset order by accident.
  for (let i = docs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[docs[i], docs[j]] = [docs[j] as SanityDocument, docs[i] as SanityDocument]
  }
  return docs
}

/**
 * The seed content (content/production.ndjson), its image fields pointing at stand-in asset documents
 * instead of files (queries see documents, not bytes).
 */
export function seedDocuments(file: string): SanityDocument[] {
  const assets = new Map<string, SanityDocument>()
  const replaceAssets = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(replaceAssets)
    if (typeof value !== 'object' || value === null) return value
    const object = Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, replaceAssets(inner)]))
    if (typeof object._sanityAsset === 'string') {
      const {_sanityAsset: source, ...rest} = object
      const hash = [...(source as string)].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) >>> 0, 7).toString(16).padStart(8, '0')
      const id = `image-${hash.repeat(5)}-800x600-jpg`
      assets.set(id, {_id: id, _type: 'sanity.imageAsset', extension: 'jpg', metadata: {dimensions: {width: 800, height: 600}}})
      return {...rest, asset: {_type: 'reference', _ref: id}}
    }
    return object
  }
  const docs = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => replaceAssets(JSON.parse(line)) as SanityDocument)
  return [...assets.values(), ...docs]
}

export interface CorpusQuery {
  query: string
  params?: Record<string, unknown>
}

/** Hand-written queries: every construct the site, the functions and the studio use, and the traps. */
export const handWrittenQueries: CorpusQuery[] = [
  // Filters, joins and sub-queries under the ordered-slice plan (`*[filter] | order(...)[a...b]`).
  {query: '*[_type == "post" && author->name == "Thandi"] | order(_id)[0...5]._id'},
  {query: '*[_type == "post" && author->age > 40] | order(score desc)[0...10]{_id, score}'},
  {query: '*[_type == "post" && count(*[_type == "author" && _id == ^.author._ref && age > 30]) > 0] | order(_id)[0...8]._id'},
  {query: '*[_type == "post" && references(*[_type == "author" && name == "Sipho"]._id)] | order(_id)[0...10]._id'},
  {query: '*[_type == "post" && author._ref == $author] | order(score desc, _id)[0...5]._id', params: {author: 'author-3'}},
  {query: '*[_type == "post" && identity() != "nobody"] | order(_id)[0...3]._id'},
  {query: '*[_type == "post" && sanity::dataset() == "production"] | order(_id)[0...3]._id'},
  {query: '*[_type == "post" && sanity::projectId() == "local"] | order(_id)[0...3]._id'},
  {query: '*[_type == "post" && author->address.city == "Hermanus"] | order(title, _id)[0...4]{_id, title, "city": author->address.city}'},
  {query: '*[_type == "post" && "tag-3" in tags[]._ref] | order(_id)[0...10]._id'},
  {query: '*[_type == "post" && count(tags[@->weight > 2]) > 0] | order(_id)[0...10]._id'},
  {query: '*[_type == "post" && defined(coauthors[0])] | order(count(coauthors) desc, _id)[0...6]{_id, "n": count(coauthors)}'},
  {query: '*[_type == "post" && category == $category && published] | order(publishedAt desc)[0...5]._id', params: {category: 'hike'}},
  {query: '*[_type == "post" && category in $categories] | order(score)[2...9]._id', params: {categories: ['food', 'sea']}},
  {query: '*[_type in $types] | order(_type, _id)[0...20]._id', params: {types: ['tag', 'author']}},
  {query: '*[_type in $types]._id', params: {types: ['tag', 'author']}},
  {query: '*[_type in ["author", "tag"]]._id'},
  {query: '*[_type == "author" || _type == "tag"]._id'},
  {query: '*[_type == "post" && title match "wine*"] | order(_id)[0...10]._id'},
  {query: '*[_type == "post" && !(_id in path("drafts.**"))] | order(_id desc)[0...5]._id'},
  {query: '*[_id in path("drafts.**")] | order(_id)._id'},
  {query: '*[_id in path("versions.**")]._id'},
  {query: '*[_type == "post" && _id in path("versions.**")]{_id, "releases": releases::all()._id}'},
  {query: '*[_type == "post" && sanity::partOfRelease("summer")]._id'},
  {query: '*[_type == "post" && sanity::versionOf("post-3")]._id'},
  {query: '*[_type == "post"] | order(score)[0...3]{_id, "releases": releases::all().name}'},
  {query: '*[_type == "post" && _id == $id][0]{_id, title}', params: {id: 'post-7'}},
  // Ordering with ties, missing values and nulls: the order must be groq-js's, stable in dataset order.
  {query: '*[_type == "post"] | order(score)._id'},
  {query: '*[_type == "post"] | order(score desc)._id'},
  {query: '*[_type == "post"] | order(score)[0...50]._id'},
  {query: '*[_type == "post"] | order(score desc)[10...40]._id'},
  {query: '*[_type == "post"] | order(category, score desc)[0...30]._id'},
  {query: '*[_type == "post"] | order(title)[5..25]._id'},
  {query: '*[_type == "post"] | order(publishedAt desc)[0...20]._id'},
  {query: '*[_type == "post"] | order(author->name, _id)[0...15]._id'},
  {query: '*[_type == "post"] | order(lower(title))[0...15]._id'},
  {query: '*[_type == "author"] | order(age)._id'},
  {query: '*[_type == "author"] | order(age desc, name)[0...10]{name, age}'},
  {query: '*[_type == "author"] | order(address.city)[0...10]._id'},
  {query: '*[_type == "post"] | order(_updatedAt desc)[0...5]._id'},
  {query: '*[_type == "post"] | order(_createdAt desc)[0...5]._id'},
  {query: '*[_type == "post"] | order(score)[0]._id'},
  {query: '*[_type == "post"] | order(score)[-3..-1]._id'},
  {query: '*[_type == "post"] | order(score asc)[$start...$end]._id', params: {start: 4, end: 12}},
  {query: '*[_type == "post" && score > 3] | order(score)[0...10]{_id, score}'},
  {query: '*[_type == "post" && score >= 5 && score < 8] | order(score desc, _id)[0...20]._id'},
  {query: '*[_type == "post" && !defined(score)] | order(_id)._id'},
  {query: '*[_type == "post" && score == null] | order(_id)._id'},
  {query: '*[_type == "post"][0...10]._id'},
  {query: '*[_type == "post"][5]._id'},
  {query: '*[0...10]._id'},
  {query: '*[_type == "post"] | order(score) | [0...10]._id'},
  // Projections, parents and functions.
  {query: '*[_type == "author"] | order(_id)[0...5]{name, "posts": *[_type == "post" && author._ref == ^._id] | order(_id)._id}'},
  {query: '*[_type == "author"] | order(_id)[0...5]{name, "count": count(*[_type == "post" && references(^._id)])}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{_id, "author": author->{name, age}, "coauthors": coauthors[]->name}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{..., "tagLabels": tags[]->label}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{_id, "text": pt::text(body)}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{_id, "upper": upper(title), "len": length(title)}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{_id, "s": select(score > 5 => "high", score > 2 => "mid", "low")}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{_id, "d": dateTime(publishedAt) > dateTime("2026-06-01T00:00:00Z")}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{_id, "firstCo": coauthors[0]->name, "rest": coauthors[1..]._ref}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{_id, ...select(published => {"state": "live"}, {"state": "hidden"})}'},
  {query: '*[_type == "post"] | order(_id)[0...5]{_id, "global": sanity::dataset(), "who": identity()}'},
  {query: '*[_type == "post" && defined(publishedAt)] | order(_id)[0...5]{_id, "y": string::split(publishedAt, "-")[0]}'},
  {query: '*[_type == "tag"]{label, weight} | order(weight desc, label)'},
  {query: 'array::unique(*[_type == "post"].category)'},
  {query: 'math::sum(*[_type == "post"].score)'},
  {query: 'math::avg(*[_type == "author" && defined(age)].age)'},
  {query: 'math::max(*[_type == "post"].score)'},
  {query: 'count(*[_type == "post"])'},
  {query: 'count(*[_type == "post" && author->name == "Aisha"])'},
  {query: 'count(*)'},
  {query: '{"posts": count(*[_type == "post"]), "authors": count(*[_type == "author"])}'},
  {query: '*[_type == "post" && author->name == $name][0...3]{_id}', params: {name: 'Ravi'}},
  {query: '*[_type == "author" && count(languages) > 1] | order(_id)._id'},
  {query: '*[_type == "author" && "af" in languages] | order(_id)._id'},
  {query: '*[_type == "author" && defined(address)]{_id, address}'},
  {query: '*[_type == "post" && boost(title match "wine", 2)] | score(title match "wine") | order(_score desc, _id)[0...5]{_id, _score}'},
  {query: '*[_type == "post" && slug.current == $slug][0]', params: {slug: 'post-12'}},
  {query: '*[references($id)] | order(_id)[0...10]._id', params: {id: 'author-4'}},
  {query: '*[_type == "post" && references("tag-2")] | order(score, _id)[0...10]._id'},
  {query: '*[_type == "post"].author->name'},
  {query: '*[_type == "post" && count(coauthors[_ref == ^.author._ref]) > 0] | order(_id)._id'},
  {query: '*[_type == "post"] | order(_id)[0...3]{_id, "same": *[_type == "post" && category == ^.category && _id != ^._id] | order(_id)[0...2]._id}'},
  // The seed's shapes: what the site and the functions ask.
  {query: '*[_type == "experience"] | order(featuredOrder asc, title asc)[0...6]{_id, title, "slug": slug.current}'},
  {query: '*[_type == "experience" && slug.current == $slug][0]{title, "image": image{alt, asset->{_id}}}', params: {slug: 'lions-head-sunset-hike'}},
  {query: '*[_type == "experienceSettings" && experience->slug.current == $slug][0]{minPax, maxPax}', params: {slug: 'lions-head-sunset-hike'}},
  {query: '*[_type == "story"] | order(publishedAt desc)[0...3]{title, "experience": callToAction.experience->title}'},
  {query: '*[_type == "testimonial" && experience->category == "scenic"] | order(_id)[0...3]._id'},
  {query: '*[_type == "testimonial"] | order(_id){quote, "experience": experience->title}'},
  {query: '*[_type == "siteSettings"][0]'},
  {query: '*[_type == "experience" && count(faqs) > 2] | order(title)._id'},
  {query: '*[_type == "story" && references(*[_type == "experience" && category == "food"]._id)] | order(_id)._id'},
  {query: '*[_type == "sanity.imageAsset"] | order(_id)[0...3]._id'},
]

/** Random queries from a small grammar over the generated dataset's fields. */
export function generatedQueries(count: number, seed = 7): CorpusQuery[] {
  const rng = createRandom(seed)
  const atoms = [
    () => `score > ${rng.int(10)}`,
    () => `score == ${rng.int(10)}`,
    () => `score <= ${rng.int(10)}.5`,
    () => `defined(score)`,
    () => `!defined(publishedAt)`,
    () => `published`,
    () => `category == "${rng.pick(CATEGORIES)}"`,
    () => `category in ["${rng.pick(CATEGORIES)}", "${rng.pick(CATEGORIES)}"]`,
    () => `author._ref == "author-${rng.int(30)}"`,
    () => `author->name == "${rng.pick(NAMES)}"`,
    () => `author->age > ${20 + rng.int(40)}`,
    () => `count(coauthors) > ${rng.int(3)}`,
    () => `"tag-${rng.int(12)}" in tags[]._ref`,
    () => `references("author-${rng.int(30)}")`,
    () => `title match "${rng.pick(WORDS)}"`,
    () => `_id in path("drafts.**")`,
    // Sub-queries (`*[…]` inside the filter) are in the hand-written list: in groq-js each costs a scan
    // of the dataset per candidate, too slow to draw at random.
    () => `count(tags[@->weight > ${rng.int(4)}]) > 0`,
  ]
  const filter = (): string => {
    const parts = ['_type == "post"']
    for (let i = rng.int(3); i >= 0; i--) {
      const atom = rng.pick(atoms)()
      parts.push(rng.chance(0.2) ? `!(${atom})` : rng.chance(0.2) ? `(${atom} || ${rng.pick(atoms)()})` : atom)
    }
    return parts.join(' && ')
  }
  const orderings = ['score', 'score desc', 'title', 'title desc', '_id', 'category, score desc', 'publishedAt desc', 'author->name', 'count(coauthors) desc', 'score desc, _id']
  const slices = ['', '[0...10]', '[0...1]', '[3...12]', '[0..4]', '[0]', '[5...50]']
  const projections = ['._id', '{_id, score}', '{_id, title, "author": author->name}', '{_id, "n": count(coauthors), "tags": tags[]->label}', '']
  const queries: CorpusQuery[] = []
  for (let i = 0; i < count; i++) {
    const shape = rng.int(4)
    const base = `*[${filter()}]`
    if (shape === 0) queries.push({query: `count(${base})`})
    else {
      const ordered = rng.chance(0.85) ? ` | order(${rng.pick(orderings)})` : ''
      const slice = rng.pick(slices)
      const projection = slice === '[0]' && rng.chance(0.5) ? '' : rng.pick(projections)
      queries.push({query: `${base}${ordered}${slice}${projection}`})
    }
  }
  return queries
}
