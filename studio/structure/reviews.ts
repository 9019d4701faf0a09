import type React from 'react'
import type {StructureBuilder} from 'sanity/structure'

import {REVIEW_TYPE} from '@repo/schemas/reviews.ts'

import {RejectedReviews} from './RejectedReviews'

const newestFirst = [{field: 'submittedAt', direction: 'desc' as const}]

/**
 * Reviews for moderation: those still to decide or published (a publish shows in each item's status), those
 * rejected, every experience's own, and the rejections counted per experience and reason.
 */
export function reviewsListItem(S: StructureBuilder, icon: React.ComponentType) {
  return S.listItem()
    .title('Reviews')
    .id('reviews')
    .icon(icon)
    .child(
      S.list()
        .title('Reviews')
        .items([
          S.listItem()
            .title('To moderate and published')
            .id('reviews-open')
            .icon(icon)
            .child(
              S.documentList()
                .title('Reviews')
                .schemaType(REVIEW_TYPE)
                .filter(`_type == "${REVIEW_TYPE}" && !defined(rejectionReason)`)
                .defaultOrdering(newestFirst),
            ),
          S.listItem()
            .title('Rejected')
            .id('reviews-rejected')
            .icon(icon)
            .child(
              S.documentList()
                .title('Rejected reviews')
                .schemaType(REVIEW_TYPE)
                .filter(`_type == "${REVIEW_TYPE}" && defined(rejectionReason)`)
                .defaultOrdering(newestFirst),
            ),
          S.listItem()
            .title('By experience')
            .id('reviews-by-experience')
            .icon(icon)
            .child(
              S.documentTypeList('experience')
                .title('Reviews by experience')
                .child((experienceId) =>
                  S.documentList()
                    .title('Reviews')
                    .schemaType(REVIEW_TYPE)
                    .filter(`_type == "${REVIEW_TYPE}" && experience._ref == $experienceId`)
                    .params({experienceId})
                    .defaultOrdering(newestFirst),
                ),
            ),
          S.divider(),
          S.listItem()
            .title('Rejections by experience')
            .id('reviews-rejections')
            .icon(icon)
            .child(S.component(RejectedReviews).id('rejections').title('Rejections by experience')),
        ]),
    )
}
