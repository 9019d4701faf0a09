import {useId, useState, type RefObject} from 'react'

import {MAX_ALTERNATIVES, REASON_MAX} from '@repo/schemas/departure-cancellation.ts'
import type {DepartureCancellation} from '@repo/schemas/departure-cancellation-schema.ts'
import {formatDateInWords, formatLongDate} from '@repo/schemas/format-date.ts'

import {Modal} from '../../../components/ui/modal'
import {useAlternatives, useCancelDeparture, useCancellationPreview} from '../api/cancel-departure'
import {useToast} from './toasts'

export type DepartureToCancel = {
  experience: string
  title: string
  date: string
  travellers: number
}

/** The nearest dates with room offered as boxes to tick; a date picker reaches the others (up to 90 days). */
const NEAREST_SHOWN = 6

const places = (n: number) => `${n} ${n === 1 ? 'place' : 'places'} left`

/**
 * Cancelling a departure for the weather or the conditions, in one action: the reason the travellers read, up to
 * three other dates with room for them (the server offers only open dates with places), then the mail as it will
 * go (the server composes the preview as it composes the send), then one button that closes the departure and
 * mails every traveller on it.
 */
export function CancelDepartureDialog({
  departure,
  onClose,
  returnFocusRef,
}: {
  departure: DepartureToCancel | null
  onClose: () => void
  returnFocusRef?: RefObject<HTMLElement | null>
}) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [chosen, setChosen] = useState<string[]>([])
  const [problem, setProblem] = useState('')
  const [picked, setPicked] = useState('')
  const [pickProblem, setPickProblem] = useState('')
  const toast = useToast()
  const alternatives = useAlternatives(
    departure ? {experience: departure.experience, date: departure.date} : null,
  )
  const preview = useCancellationPreview()
  const cancel = useCancelDeparture()

  const request: DepartureCancellation | null = departure
    ? {
        experience: departure.experience,
        date: departure.date,
        reason: reason.trim(),
        alternatives: chosen,
      }
    : null
  // A preview is of the form as it was; any change asks for a new one before sending.
  const edited = () => {
    preview.reset()
    setProblem('')
  }
  const close = () => {
    setReason('')
    setChosen([])
    setPicked('')
    setPickProblem('')
    setProblem('')
    preview.reset()
    cancel.reset()
    onClose()
  }
  const showPreview = () => {
    if (!request) return
    if (!request.reason) {
      setProblem('Say why the departure is cancelled: the travellers read it.')
      return
    }
    setProblem('')
    preview.mutate(request, {onError: (error) => setProblem(error.message)})
  }
  const send = () => {
    if (!request) return
    const offered = request.alternatives.length
    cancel.mutate(request, {
      onSuccess: (answer) => {
        toast({
          title: 'Departure cancelled',
          description: `${answer.experience}, ${formatLongDate(answer.date)}: ${answer.cancelled} ${answer.cancelled === 1 ? 'traveller is' : 'travellers are'} told by mail${offered ? `, with ${offered} other ${offered === 1 ? 'date' : 'dates'} to choose from` : ''}. The date is closed for new bookings.`,
          variant: 'default',
        })
        close()
      },
      onError: (error) => setProblem(error.message),
    })
  }
  /** A date typed in the picker: offered only when the server listed it as open with room. */
  const addPicked = () => {
    if (!picked) return
    if (chosen.includes(picked)) return setPickProblem('That date is chosen already.')
    if (!dates.some((option) => option.date === picked))
      return setPickProblem(
        'That date has no room for these travellers, or is closed: choose one with places left in the next 90 days.',
      )
    if (chosen.length >= MAX_ALTERNATIVES)
      return setPickProblem(`Offer at most ${MAX_ALTERNATIVES} dates: untick one first.`)
    setPickProblem('')
    toggle(picked, true)
    setPicked('')
  }
  const toggle = (date: string, on: boolean) => {
    edited()
    setChosen((list) => (on ? [...list, date].sort() : list.filter((d) => d !== date)))
  }

  const dates = alternatives.data?.dates ?? []
  // The nearest few with room (the server's order: nearest the cancelled date first), and any date picked further
  // away; the picker reaches the rest.
  const shown = [
    ...dates.slice(0, NEAREST_SHOWN),
    ...dates.slice(NEAREST_SHOWN).filter((option) => chosen.includes(option.date)),
  ]
  const count = preview.data?.travellers ?? departure?.travellers ?? 0
  return (
    <Modal
      open={departure !== null}
      onClose={close}
      title={departure ? `Cancel ${departure.title} on ${formatLongDate(departure.date)}` : ''}
      className="cancel-departure"
      returnFocusRef={returnFocusRef}
      footer={
        <>
          <button type="button" className="button" onClick={close}>
            Keep the departure
          </button>
          {preview.data ? (
            <button
              type="button"
              className="button button--primary"
              onClick={send}
              disabled={cancel.isPending}
            >
              {cancel.isPending
                ? 'Cancelling…'
                : `Cancel the departure and mail ${count} ${count === 1 ? 'traveller' : 'travellers'}`}
            </button>
          ) : (
            <button
              type="button"
              className="button button--primary"
              onClick={showPreview}
              disabled={preview.isPending}
            >
              {preview.isPending ? 'Composing…' : 'Preview the mail'}
            </button>
          )}
        </>
      }
    >
      <p>
        Every traveller on it (confirmed and requests) is told why, offered the dates you choose,
        and can move with one click or accept the cancellation. The date closes for new bookings.
      </p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason (the travellers read it)</label>
        <input
          id={`${id}-reason`}
          type="text"
          required
          maxLength={REASON_MAX}
          value={reason}
          aria-describedby={problem ? `${id}-problem` : undefined}
          aria-invalid={problem && !reason.trim() ? true : undefined}
          onChange={(event) => {
            edited()
            setReason(event.target.value)
          }}
        />
      </div>
      <fieldset className="field">
        <legend>
          Other dates to offer, nearest first (up to {MAX_ALTERNATIVES}, {chosen.length} chosen)
        </legend>
        {alternatives.isPending ? (
          <p role="status">Finding dates with room…</p>
        ) : alternatives.isError ? (
          <p role="alert">{alternatives.error.message}</p>
        ) : dates.length === 0 ? (
          <p>No open date in the next 90 days has room for these travellers.</p>
        ) : (
          <ul className="cancel-departure__dates">
            {shown.map((option) => {
              const checked = chosen.includes(option.date)
              return (
                <li key={option.date} className="checkbox">
                  <input
                    id={`${id}-${option.date}`}
                    type="checkbox"
                    checked={checked}
                    disabled={!checked && chosen.length >= MAX_ALTERNATIVES}
                    onChange={(event) => toggle(option.date, event.target.checked)}
                  />
                  <label htmlFor={`${id}-${option.date}`}>
                    {formatDateInWords(option.date)}{' '}
                    <span className="cancel-departure__left">({places(option.left)})</span>
                  </label>
                </li>
              )
            })}
          </ul>
        )}
        {dates.length > NEAREST_SHOWN ? (
          <div className="cancel-departure__pick">
            <label htmlFor={`${id}-pick`}>Or another date with room</label>
            <div className="cancel-departure__pick-row">
              <input
                id={`${id}-pick`}
                type="date"
                min={dates.map((option) => option.date).sort()[0]}
                max={dates
                  .map((option) => option.date)
                  .sort()
                  .at(-1)}
                value={picked}
                aria-describedby={pickProblem ? `${id}-pick-problem` : undefined}
                onChange={(event) => {
                  setPicked(event.target.value)
                  setPickProblem('')
                }}
              />
              <button type="button" className="button" onClick={addPicked} disabled={!picked}>
                Add this date
              </button>
            </div>
            {pickProblem ? (
              <p id={`${id}-pick-problem`} className="field__error" role="alert">
                {pickProblem}
              </p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
      {problem ? (
        <p id={`${id}-problem`} className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
      {preview.data ? (
        <section aria-labelledby={`${id}-preview`} className="cancel-departure__preview">
          <h3 id={`${id}-preview`}>
            The mail, as {preview.data.travellers}{' '}
            {preview.data.travellers === 1 ? 'traveller gets' : 'travellers get'} it
          </h3>
          <p>
            <strong>To:</strong> {preview.data.mail.to} (each traveller their own)
            <br />
            <strong>Subject:</strong> {preview.data.mail.subject}
          </p>
          <pre className="cancel-departure__text">{preview.data.mail.text}</pre>
        </section>
      ) : null}
    </Modal>
  )
}
