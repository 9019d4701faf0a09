import {describe, expect, it} from 'vitest'

import type {Perspective} from '../query/run-query.ts'
import {DocumentIndex} from './document-index.ts'

describe('DocumentIndex views', () => {
  it('show every change after it, in a drafts stack and by type, however often they were read before', () => {
    const index = new DocumentIndex()
    index.apply([
      {id: 'tour.1', after: {_id: 'tour.1', _type: 'tour', title: 'Published'}},
      {id: 'drafts.tour.1', after: {_id: 'drafts.tour.1', _type: 'tour', title: 'Draft'}},
    ])
    const drafts: Perspective = {kind: 'stack', layers: ['drafts']}
    const titles = () => index.visibleOfTypes(['tour'], drafts).map((doc) => doc.title)
    expect(titles()).toEqual(['Draft'])
    expect(index.visible(drafts).map((doc) => doc.title)).toEqual(['Draft'])

    index.apply([{id: 'drafts.tour.1', after: {_id: 'drafts.tour.1', _type: 'tour', title: 'Draft, edited'}}])
    expect(titles()).toEqual(['Draft, edited'])
    expect(index.visible(drafts).map((doc) => doc.title)).toEqual(['Draft, edited'])

    index.apply([{id: 'drafts.tour.1', after: null}, {id: 'tour.2', after: {_id: 'tour.2', _type: 'tour', title: 'Second'}}])
    expect(titles()).toEqual(['Published', 'Second'])
    expect(index.visibleOfTypes(['tour'], {kind: 'published'}).map((doc) => doc._id)).toEqual(['tour.1', 'tour.2'])
  })
})
