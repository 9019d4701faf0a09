import {CalendarIcon} from '@sanity/icons/Calendar'
import {CloseCircleIcon} from '@sanity/icons/CloseCircle'
import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {Button, Card, Flex, Select, Stack, Text, TextArea} from '@sanity/ui'
import {useToast} from '@sanity/ui/toast'
import {useEffect, useId, useMemo, useState, type ReactNode} from 'react'
import {
  useClient,
  useCurrentUser,
  type DocumentActionComponent,
  type DocumentActionDescription,
  type DocumentActionProps,
} from 'sanity'

import {bookingStatusTitle} from '@repo/schemas/booking-status.ts'
import {MAX_PROPOSED_OPTIONS} from '@repo/schemas/decision-limits.ts'
import {
  DECISION_LABELS,
  DECISION_STATUS,
  departureInWords,
  type ProposableDeparture,
} from '@repo/schemas/request-decisions.ts'
import type {ProposedOption} from '@repo/schemas/staff-decision-schema.ts'

import {STUDIO_API_VERSION} from '../lib/fields'
import {studioChangedBy} from './confirmBookingActions'
import {
  decideBooking,
  proposableDates,
  type DecideOutcome,
  type DecisionDeps,
} from './decideBooking'

/**
 * The bookings workspace's decisions besides Confirm: Decline…, Propose other dates…, Ask a
 * question…. Each opens a dialog with what the traveller is told, says what will happen, and stores the decision
 * with its mail through `decideBooking` (the staff dashboard's rules and effect).
 */
type StudioDecision = 'decline' | 'propose' | 'question'

/** Offered on a stored booking with no unpublished changes, as Confirm is: decisions apply to what is stored. */
export function decisionOffered(
  draft: Record<string, unknown> | null | undefined,
  published: Record<string, unknown> | null | undefined,
): boolean {
  return Boolean(published && !draft)
}

/** "Tuesday 5 February 2030, Morning · 8 places left": a departure in the proposal picker. */
export function proposableLabel(date: ProposableDeparture): string {
  const words = departureInWords(date)
  if (date.left === null) return words
  return `${words} · ${date.left} ${date.left === 1 ? 'place' : 'places'} left`
}

const optionValue = (option: ProposedOption) => `${option.date}|${option.preferred_time}`

const CHOICE_LABELS = ['First date', 'Second date (optional)', 'Third date (optional)']

const OUTCOME_MESSAGES: Record<Exclude<DecideOutcome['kind'], 'decided' | 'invalid'>, string> = {
  'changed':
    'Someone else changed this booking, or it has unpublished changes. Look at it again, then decide.',
  'not-found': 'This booking no longer exists.',
  'no-email': 'This booking has no email address to send the decision to.',
}

const DONE_MESSAGES: Record<StudioDecision, string> = {
  decline: 'Declined: the traveller’s mail is on its way.',
  propose: 'Dates proposed: the traveller’s mail is on its way.',
  question: 'Question asked: the traveller’s mail is on its way.',
}

const ACTION_TITLES: Record<StudioDecision, string> = {
  decline: 'Decline this request, telling the traveller why',
  propose: 'Offer the traveller other dates this experience has room for',
  question: 'Ask the traveller a question before deciding',
}

/** What the traveller's mail says, in the dialog's "what will happen". */
const MAIL_SAYS: Record<StudioDecision, string> = {
  decline: 'that the request is declined, with your reason',
  propose: 'the dates you choose, with your note',
  question: 'your question',
}

const ICONS = {decline: CloseCircleIcon, propose: CalendarIcon, question: HelpCircleIcon}

function FieldError({id, messages}: {id: string; messages: string[] | undefined}) {
  if (!messages?.length) return null
  return (
    <Card id={id} tone="critical" padding={2} radius={2} role="alert">
      <Stack gap={2}>
        {messages.map((message) => (
          <Text key={message} size={1}>
            {message}
          </Text>
        ))}
      </Stack>
    </Card>
  )
}

function Field({
  label,
  id,
  errors,
  children,
}: {
  label: string
  id: string
  errors?: string[]
  children: ReactNode
}) {
  return (
    <Stack gap={2}>
      <Text as="label" htmlFor={id} size={1} weight="medium">
        {label}
      </Text>
      {children}
      <FieldError id={`${id}-error`} messages={errors} />
    </Stack>
  )
}

type DatesState = {status: 'loading'} | {status: 'ready'; dates: ProposableDeparture[] | null}

/** The departures a proposal may offer, read when its dialog opens. */
function useProposableDepartures(
  deps: DecisionDeps,
  published: Record<string, unknown>,
  open: boolean,
) {
  const [state, setState] = useState<DatesState>({status: 'loading'})
  const toast = useToast()
  useEffect(() => {
    if (!open) return
    let current = true
    setState({status: 'loading'})
    proposableDates(deps, published)
      .then((dates) => current && setState({status: 'ready', dates}))
      .catch((error: unknown) => {
        if (!current) return
        setState({status: 'ready', dates: []})
        toast.push({
          status: 'error',
          title: 'Could not find the dates to propose.',
          description: error instanceof Error ? error.message : String(error),
        })
      })
    return () => {
      current = false
    }
  }, [deps, published, open, toast])
  return state
}

function createDecisionAction(
  decision: StudioDecision,
  contentDataset: string,
): DocumentActionComponent {
  function DecisionAction(props: DocumentActionProps): DocumentActionDescription | null {
    const {id, draft, published} = props
    const client = useClient({apiVersion: STUDIO_API_VERSION})
    const user = useCurrentUser()
    const toast = useToast()
    const formId = useId()
    const [open, setOpen] = useState(false)
    const [busy, setBusy] = useState(false)
    const [text, setText] = useState('')
    const [choices, setChoices] = useState<string[]>(['', '', ''])
    const [errors, setErrors] = useState<Record<string, string[]>>({})
    const deps = useMemo<DecisionDeps>(
      () => ({
        bookings: client,
        content: client.withConfig({dataset: contentDataset, perspective: 'published'}),
      }),
      [client],
    )
    const dates = useProposableDepartures(
      deps,
      published ?? {},
      open && decision === 'propose' && Boolean(published),
    )

    if (props.type !== 'booking' || !decisionOffered(draft, published) || !published) return null
    const email = typeof published.email === 'string' ? published.email : ''

    const close = () => {
      setOpen(false)
      setErrors({})
    }

    const submit = async () => {
      const input =
        decision === 'decline'
          ? {decision, reason: text}
          : decision === 'question'
            ? {decision, message: text}
            : {
                decision,
                message: text,
                options: choices.filter(Boolean).map((value) => {
                  const [date = '', preferred_time = ''] = value.split('|')
                  return {date, preferred_time}
                }),
              }
      setBusy(true)
      try {
        const outcome = await decideBooking(deps, {
          id,
          revision: published._rev,
          by: studioChangedBy(user),
          input,
        })
        if (outcome.kind === 'invalid') {
          setErrors(outcome.fieldErrors)
          return
        }
        close()
        setText('')
        setChoices(['', '', ''])
        toast.push(
          outcome.kind === 'decided'
            ? {status: 'success', title: DONE_MESSAGES[decision]}
            : {status: 'warning', title: OUTCOME_MESSAGES[outcome.kind]},
        )
      } catch (error) {
        toast.push({
          status: 'error',
          title: 'Could not store this decision.',
          description: error instanceof Error ? error.message : String(error),
        })
      } finally {
        setBusy(false)
      }
    }

    const textField =
      decision === 'decline'
        ? {name: 'reason', label: 'Reason, for the traveller'}
        : decision === 'question'
          ? {name: 'message', label: 'Question for the traveller'}
          : {name: 'message', label: 'Note for the traveller (optional)'}
    const textId = `${formId}-${textField.name}`

    const picker =
      decision !== 'propose' ? null : dates.status === 'loading' ? (
        <Text size={1}>Finding the dates this experience has room for…</Text>
      ) : dates.dates === null ? (
        <Text size={1}>
          This booking’s experience is no longer on the site: there are no dates to propose.
        </Text>
      ) : dates.dates.length === 0 ? (
        <Text size={1}>No departure in the next 90 days has room for this group.</Text>
      ) : (
        <Stack gap={3}>
          {CHOICE_LABELS.slice(0, MAX_PROPOSED_OPTIONS).map((label, index) => {
            const choiceId = `${formId}-option-${index}`
            return (
              <Stack gap={2} key={label}>
                <Text as="label" htmlFor={choiceId} size={1} weight="medium">
                  {label}
                </Text>
                <Select
                  id={choiceId}
                  value={choices[index]}
                  aria-describedby={errors.options ? `${formId}-options-error` : undefined}
                  onChange={(event) => {
                    const value = event.currentTarget.value
                    setChoices((current) => current.map((c, i) => (i === index ? value : c)))
                  }}
                >
                  <option value="">{index === 0 ? 'Choose a date' : 'No other date'}</option>
                  {dates.dates!.map((date) => (
                    <option key={optionValue(date)} value={optionValue(date)}>
                      {proposableLabel(date)}
                    </option>
                  ))}
                </Select>
              </Stack>
            )
          })}
          <FieldError id={`${formId}-options-error`} messages={errors.options} />
        </Stack>
      )

    const cannotSend =
      busy || (decision === 'propose' && (dates.status === 'loading' || !dates.dates?.length))

    return {
      label: busy ? 'Saving…' : `${DECISION_LABELS[decision]}…`,
      title: email ? ACTION_TITLES[decision] : OUTCOME_MESSAGES['no-email'],
      icon: ICONS[decision],
      tone: decision === 'decline' ? 'critical' : 'default',
      disabled: busy || !email,
      onHandle: () => setOpen(true),
      dialog: open
        ? {
            type: 'dialog',
            header: DECISION_LABELS[decision],
            onClose: close,
            content: (
              <Stack gap={4}>
                <Text size={1}>
                  The booking becomes {bookingStatusTitle(DECISION_STATUS[decision])}. {email} is
                  sent the editors’ mail for this decision: {MAIL_SAYS[decision]}, and the link to
                  their request. A site server writes and sends it, once, within a minute.
                </Text>
                {picker}
                <Field label={textField.label} id={textId} errors={errors[textField.name]}>
                  <TextArea
                    id={textId}
                    rows={4}
                    value={text}
                    aria-describedby={errors[textField.name] ? `${textId}-error` : undefined}
                    onChange={(event) => setText(event.currentTarget.value)}
                  />
                </Field>
              </Stack>
            ),
            footer: (
              <Flex gap={2} justify="flex-end">
                <Button mode="ghost" text="Cancel" onClick={close} />
                <Button
                  tone={decision === 'decline' ? 'critical' : 'primary'}
                  text={busy ? 'Saving…' : `${DECISION_LABELS[decision]} and send`}
                  disabled={cannotSend}
                  onClick={() => void submit()}
                />
              </Flex>
            ),
          }
        : null,
    }
  }
  DecisionAction.action = `${decision}Booking` as never
  return DecisionAction
}

/**
 * Puts the decisions before a booking's other actions (confirmBookingActions then puts Confirm first).
 * `contentDataset` names the dataset with the experiences and their booking settings; the components are made once.
 */
export function decisionActions(options: {
  contentDataset: string
}): (actions: DocumentActionComponent[]) => DocumentActionComponent[] {
  const decisions = (['decline', 'propose', 'question'] as const).map((decision) =>
    createDecisionAction(decision, options.contentDataset),
  )
  return (actions) => [...decisions, ...actions]
}
