import {CloseCircleIcon} from '@sanity/icons/CloseCircle'
import {Card, Stack, Text} from '@sanity/ui'
import type {
  DocumentActionComponent,
  DocumentBadgeComponent,
  SanityDocumentLike,
  StringInputProps,
} from 'sanity'

import {rejectionReasonTitle} from '@repo/schemas/reviews.ts'

/**
 * How the studio tells an editor that a review is rejected (docs/decisions/176-a-rejected-review-says-so.md).
 * Choosing a reason saves the rejection at once, as every studio edit is saved; the review then stays a draft the
 * site never reads. Publish used to answer that with "There are validation errors…", as if the rejection had
 * failed: now the review carries a "Rejected" badge, the field says it is saved, and Publish becomes a disabled
 * "Rejected" button that says why and how to undo it.
 */

/** The reason a review is rejected for, or null; from the draft when there is one (what the editor sees). */
export function rejectionOf(doc: SanityDocumentLike | null | undefined): string | null {
  const reason = (doc as {rejectionReason?: unknown} | null | undefined)?.rejectionReason
  return typeof reason === 'string' && reason !== '' ? reason : null
}

export const rejectedMessage = (reason: string) =>
  `Rejected (${rejectionReasonTitle(reason)}) and saved. A rejected review is never published and the site never shows it; clear the reason to publish it.`

/** The studio's Publish for reviews: itself while no reason is chosen, a disabled "Rejected" that says why after. */
export function guardReviewPublish(publish: DocumentActionComponent): DocumentActionComponent {
  const GuardedPublish: DocumentActionComponent = (props) => {
    // Called whatever the state: the original action uses hooks, which must run on every render.
    const original = publish(props)
    const reason = rejectionOf(props.draft ?? props.published)
    if (!reason) return original
    return {
      label: 'Rejected',
      icon: CloseCircleIcon,
      tone: 'critical',
      disabled: true,
      title: rejectedMessage(reason),
      onHandle: () => undefined,
    }
  }
  GuardedPublish.action = 'publish'
  GuardedPublish.displayName = 'GuardedReviewPublish'
  return GuardedPublish
}

export const RejectedReviewBadge: DocumentBadgeComponent = (props) => {
  const reason = rejectionOf(props.draft ?? props.published)
  return reason ? {label: 'Rejected', color: 'danger', title: rejectedMessage(reason)} : null
}

/** The reason's radio buttons, with a line under them once one is chosen: the rejection is saved. */
export function RejectionReasonInput(props: StringInputProps) {
  const reason = typeof props.value === 'string' && props.value !== '' ? props.value : null
  return (
    <Stack gap={3}>
      {props.renderDefault(props)}
      <div role="status" aria-live="polite">
        {reason && (
          <Card padding={3} radius={2} tone="critical" border data-testid="review-rejected">
            <Text size={1}>{rejectedMessage(reason)}</Text>
          </Card>
        )}
      </div>
    </Stack>
  )
}
