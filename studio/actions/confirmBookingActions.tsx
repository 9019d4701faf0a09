import {CheckmarkIcon} from '@sanity/icons/Checkmark'
import {Button, Flex, Stack, Text} from '@sanity/ui'
import {useToast} from '@sanity/ui/toast'
import {Fragment, useCallback, useMemo, useState, useSyncExternalStore} from 'react'
import {
  useClient,
  useCurrentUser,
  type DocumentActionComponent,
  type DocumentActionDescription,
  type DocumentActionProps,
} from 'sanity'

import type {ConfirmationNumbers} from '@repo/schemas/capacity.ts'
import type {ChangedBy} from '@repo/schemas/request-decisions.ts'

import {STUDIO_API_VERSION} from '../lib/fields'
import {confirmBooking, type ConfirmOutcome} from './confirmBooking'

/**
 * The bookings workspace's way to confirm: a "Confirm" action, and Publish of a draft whose status was
 * set to Confirmed, both go through `confirmBooking` (the staff API's rule and departure lock), so the studio never
 * overbooks a departure without saying so. Beyond the places they show the numbers and ask "Confirm anyway".
 */

/**
 * Who decided, for the status history: the studio user's name (or email), marked as from the studio, and their
 * user id, which stays when they change their name.
 */
export function studioChangedBy(
  user: {id?: string; name?: string; email?: string} | null | undefined,
): ChangedBy {
  const name = `${user?.name || user?.email || 'staff'} (studio)`
  return user?.id ? {name, id: `sanity:${user.id}`} : name
}

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'}`

/** Whether publishing this draft would confirm the booking (and so must count the places first). */
export function publishConfirms(
  draft: Record<string, unknown> | null | undefined,
  published: Record<string, unknown> | null | undefined,
): boolean {
  return Boolean(
    published && draft && draft.status === 'confirmed' && published.status !== 'confirmed',
  )
}

/**
 * Whether the Confirm action is offered: a stored booking, not yet confirmed, with no unpublished changes. With a
 * draft, Publish stays the main action; choosing Confirmed in the form makes it "Publish and confirm".
 */
export function confirmOffered(
  draft: Record<string, unknown> | null | undefined,
  published: Record<string, unknown> | null | undefined,
): boolean {
  return Boolean(published && !draft && published.status !== 'confirmed')
}

/** The over-capacity question's lines, as the dashboard's "Confirm anyway" dialog shows them. */
export function overCapacityLines(numbers: ConfirmationNumbers): [string, string][] {
  return [
    ['Departure', [numbers.date, numbers.slot].filter(Boolean).join(' · ')],
    ['Capacity', places(numbers.capacity)],
    ['Taken (confirmed)', places(numbers.taken)],
    ['Requested by others', places(numbers.requested)],
    ['Left', places(numbers.left)],
    ['This booking', places(numbers.pax)],
  ]
}

const OUTCOME_MESSAGES: Record<Exclude<ConfirmOutcome['kind'], 'over-capacity'>, string> = {
  'confirmed': 'Booking confirmed.',
  'changed': 'Someone else changed this booking. Look at it again, then confirm.',
  'not-found': 'This booking no longer exists.',
  'busy': 'Many confirmations for this departure at once. Please try again.',
}

/**
 * The open "Confirm anyway" question per booking, kept outside the action's own state: the document pane can mount
 * its actions afresh while it settles, just after it opens, and a question asked then would be lost with them.
 */
const questions = new Map<string, ConfirmationNumbers>()
const questionListeners = new Set<() => void>()
function setQuestion(id: string, numbers: ConfirmationNumbers | null) {
  if (numbers) questions.set(id, numbers)
  else questions.delete(id)
  for (const listener of questionListeners) listener()
}
const subscribeQuestions = (listener: () => void) => {
  questionListeners.add(listener)
  return () => questionListeners.delete(listener)
}
const useQuestion = (id: string) =>
  useSyncExternalStore(subscribeQuestions, () => questions.get(id) ?? null)

function useConfirmFlow(props: DocumentActionProps, contentDataset: string) {
  const {id, draft, published} = props
  const client = useClient({apiVersion: STUDIO_API_VERSION})
  const user = useCurrentUser()
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const asking = useQuestion(id)
  const setAsking = useCallback(
    (numbers: ConfirmationNumbers | null) => setQuestion(id, numbers),
    [id],
  )
  const content = useMemo(
    () => client.withConfig({dataset: contentDataset, perspective: 'published'}),
    [client, contentDataset],
  )

  const run = useCallback(
    async (confirmAnyway: boolean) => {
      if (!published) return
      setBusy(true)
      try {
        const outcome = await confirmBooking(
          {bookings: client, content},
          {
            id,
            revision: published._rev,
            draftRevision: draft?._rev ?? null,
            by: studioChangedBy(user),
            confirmAnyway,
          },
        )
        if (outcome.kind === 'over-capacity') {
          setAsking(outcome.numbers)
          return
        }
        setAsking(null)
        toast.push({
          status: outcome.kind === 'confirmed' ? 'success' : 'warning',
          title:
            outcome.kind === 'confirmed' && outcome.overCapacity
              ? `Confirmed anyway: ${outcome.overCapacity.taken + outcome.overCapacity.pax} of ${places(outcome.overCapacity.capacity)}.`
              : OUTCOME_MESSAGES[outcome.kind],
        })
      } catch (error) {
        toast.push({
          status: 'error',
          title: 'Could not confirm this booking.',
          description: error instanceof Error ? error.message : String(error),
        })
      } finally {
        setBusy(false)
      }
    },
    [client, content, draft?._rev, id, published, setAsking, toast, user],
  )

  const dialog: DocumentActionDescription['dialog'] = asking
    ? {
        type: 'dialog',
        header: asking.left === 0 ? 'This departure is full' : 'Not enough places left',
        onClose: () => setAsking(null),
        content: (
          <Stack gap={4}>
            <Text size={1}>
              Confirming this booking would go beyond the departure’s places. Confirm anyway only
              when the team can take the group; the status history will say so.
            </Text>
            <dl
              style={{
                display: 'grid',
                gridTemplateColumns: 'auto 1fr',
                gap: '0.75rem 1.5rem',
                margin: 0,
              }}
            >
              {overCapacityLines(asking).map(([term, value]) => (
                <Fragment key={term}>
                  <Text as="dt" size={1} weight="medium">
                    {term}
                  </Text>
                  <Text as="dd" size={1} style={{margin: 0}}>
                    {value}
                  </Text>
                </Fragment>
              ))}
            </dl>
          </Stack>
        ),
        footer: (
          <Flex gap={2} justify="flex-end">
            <Button mode="ghost" text="Cancel" onClick={() => setAsking(null)} />
            <Button
              tone="critical"
              text="Confirm anyway"
              disabled={busy}
              onClick={() => void run(true)}
            />
          </Flex>
        ),
      }
    : null

  return {busy, dialog, start: () => void run(false)}
}

function createConfirmAction(contentDataset: string): DocumentActionComponent {
  function ConfirmBookingAction(props: DocumentActionProps): DocumentActionDescription | null {
    const flow = useConfirmFlow(props, contentDataset)
    if (props.type !== 'booking' || !confirmOffered(props.draft, props.published)) return null
    return {
      label: flow.busy ? 'Confirming…' : 'Confirm',
      title: 'Confirm this booking, after checking the places left on its departure',
      icon: CheckmarkIcon,
      tone: 'positive',
      disabled: flow.busy,
      onHandle: flow.start,
      dialog: flow.dialog,
    }
  }
  ConfirmBookingAction.action = 'confirmBooking' as never
  return ConfirmBookingAction
}

function createConfirmingPublish(
  publish: DocumentActionComponent,
  contentDataset: string,
): DocumentActionComponent {
  function ConfirmingPublishAction(props: DocumentActionProps): DocumentActionDescription | null {
    // Both hooks run on every render (rules of hooks); which description is used depends on the draft.
    const original = publish(props)
    const flow = useConfirmFlow(props, contentDataset)
    if (props.type !== 'booking' || !publishConfirms(props.draft, props.published)) return original
    return {
      ...original,
      label: flow.busy ? 'Confirming…' : 'Publish and confirm',
      title: 'Publish, confirming this booking after checking the places left on its departure',
      disabled: Boolean(original?.disabled) || flow.busy,
      onHandle: flow.start,
      dialog: flow.dialog,
    }
  }
  ConfirmingPublishAction.action = publish.action
  return ConfirmingPublishAction
}

/**
 * The bookings workspace's actions for a booking: Confirm first, and Publish confirming through the same check.
 * The studio's client is the bookings dataset's; `contentDataset` names the one that holds the experiences and
 * their booking settings. The components are made once, so React sees the same ones between renders.
 */
export function confirmBookingActions(options: {
  contentDataset: string
}): (actions: DocumentActionComponent[]) => DocumentActionComponent[] {
  const confirm = createConfirmAction(options.contentDataset)
  const wrapped = new WeakMap<DocumentActionComponent, DocumentActionComponent>()
  const confirmingPublish = (publish: DocumentActionComponent) => {
    let action = wrapped.get(publish)
    if (!action) {
      action = createConfirmingPublish(publish, options.contentDataset)
      wrapped.set(publish, action)
    }
    return action
  }
  return (actions) => [
    confirm,
    ...actions.map((action) => (action.action === 'publish' ? confirmingPublish(action) : action)),
  ]
}
