import {useEffect, useRef, useState, type RefObject} from 'react'

import '../booking-desk.css'

import {
  DEFAULT_LANGUAGE,
  departureMessageSchema,
  deskBookingSchema,
  MESSAGE_MAX,
  tripChangeSchema,
  type DeskExperience,
} from '@repo/schemas/booking-desk.ts'
import {DESK_CONSENT_TEXT} from '@repo/schemas/consent-texts.ts'
import {formatGroupInWords} from '@repo/schemas/format-party.ts'
import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'
import type {StaffBooking} from '@repo/schemas/staff-bookings.ts'

import {CheckboxField, SelectField, TextareaField, TextField} from '../../../components/ui/field'
import {FormMessage} from '../../../components/ui/form-message'
import {Modal} from '../../../components/ui/modal'
import {useSubmitForm} from '../../../lib/forms/use-submit-form'
import {
  changeTrip,
  createDeskBooking,
  messageDeparture,
  useAfterDeskChange,
  useDeskExperiences,
} from '../api/booking-desk'
import {STAFF_CALL_FAILED} from '../api/staff-api'
import {useToast} from './toasts'

const CHECK_FIELDS = {text: 'Put right the fields marked below.', variant: 'destructive'} as const

const TELL_LABEL = 'Tell the traveller by mail (with the calendar update)'

/**
 * The booking desk's "New booking": a guest on the phone or at the desk, booked and confirmed within the places
 * (functions/staff/booking-desk.ts). The dialog traps the focus and gives it back to the button.
 */
export function NewDeskBooking() {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--primary"
        onClick={() => setOpen(true)}
      >
        New booking (phone or desk)
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="New booking for a phone or walk-in guest"
        className="booking-desk"
        returnFocusRef={button}
      >
        {open ? <DeskBookingForm onDone={() => setOpen(false)} /> : null}
      </Modal>
    </>
  )
}

function DeskBookingForm({onDone}: {onDone: () => void}) {
  const toast = useToast()
  const after = useAfterDeskChange()
  const experiences = useDeskExperiences(true)
  const {form, formProps, field, message, messageRef, pending} = useSubmitForm({
    schema: deskBookingSchema,
    defaultValues: {
      experienceId: '',
      date: todayInCapeTown(new Date()),
      preferredTime: '',
      adults: 2,
      children: 0,
      name: '',
      email: '',
      phone: '',
      language: DEFAULT_LANGUAGE,
      consentByPhone: false as unknown as true,
      tellTraveller: true,
    },
    send: (payload) => createDeskBooking(payload),
    failed: STAFF_CALL_FAILED,
    invalid: () => CHECK_FIELDS,
    sent: ({booking}, payload) => {
      after(booking)
      toast({
        title: `Booked ${booking.booking_ref}`,
        description: `${payload.name}: ${formatGroupInWords(payload.adults, payload.children)} on ${formatDateInWords(payload.date)}, confirmed.${payload.tellTraveller && payload.email ? ' The confirmation is on its way by mail.' : ''}`,
        variant: 'default',
      })
      onDone()
      return null
    },
  })
  const chosen = form.watch('experienceId')
  const slots: DeskExperience['timeSlots'] =
    experiences.data?.experiences.find((e) => e.slug === chosen)?.timeSlots ?? []
  return (
    <form className="booking-desk__form" {...formProps}>
      <FormMessage ref={messageRef} message={message} />
      <SelectField
        label="Experience"
        required
        requiredMark={false}
        placeholder={experiences.isPending ? 'Loading experiences…' : 'Choose an experience'}
        options={(experiences.data?.experiences ?? []).map((e) => ({value: e.slug, title: e.title}))}
        {...field('experienceId')}
      />
      <div className="booking-desk__row">
        <TextField label="Date" type="date" required requiredMark={false} {...field('date')} />
        {slots.length > 0 ? (
          <SelectField
            label="Time"
            placeholder="Any time"
            options={slots}
            {...field('preferredTime')}
          />
        ) : null}
      </div>
      <GroupFields field={field} register={form.register} />
      <TextField
        label="Guest’s name"
        required
        requiredMark={false}
        autoComplete="off"
        {...field('name')}
      />
      <div className="booking-desk__row">
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          hint="An email address or a phone number."
          {...field('email')}
        />
        <TextField label="Phone" type="tel" autoComplete="off" {...field('phone')} />
      </div>
      <TextField
        label="Language"
        hint="A code: en, de, nl, fr…"
        autoComplete="off"
        className="booking-desk__language"
        {...field('language')}
      />
      <CheckboxField label={DESK_CONSENT_TEXT} required requiredMark={false} {...field('consentByPhone')} />
      <CheckboxField label={TELL_LABEL} {...field('tellTraveller')} />
      <div className="booking-desk__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Booking…' : 'Book and confirm'}
        </button>
      </div>
    </form>
  )
}

type GroupFieldProps = {
  field: (name: 'adults' | 'children') => {id: string; error?: string | undefined}
  register: (name: 'adults' | 'children', options: {valueAsNumber: true}) => object
}

function GroupFields({field, register}: GroupFieldProps) {
  return (
    <div className="booking-desk__row">
      <TextField
        label="Adults"
        type="number"
        inputMode="numeric"
        min={1}
        required
        requiredMark={false}
        {...field('adults')}
        {...register('adults', {valueAsNumber: true})}
      />
      <TextField
        label="Children"
        type="number"
        inputMode="numeric"
        min={0}
        {...field('children')}
        {...register('children', {valueAsNumber: true})}
      />
    </div>
  )
}

/** The details dialog's "Change the date or group": a button that opens the form in place. */
export function TripChange({booking}: {booking: StaffBooking}) {
  const [open, setOpen] = useState(false)
  return (
    <section aria-labelledby="admin-details-trip">
      <h3 id="admin-details-trip">Change the date or group</h3>
      {open ? (
        <TripChangeForm key={booking._rev} booking={booking} />
      ) : (
        <button type="button" className="button" aria-expanded={false} onClick={() => setOpen(true)}>
          Change the date or group size
        </button>
      )}
    </section>
  )
}

/**
 * A booking's date, time or group changed at the desk, through the same places as every booking: the traveller is
 * told by mail with the calendar update unless staff untick it.
 */
function TripChangeForm({booking}: {booking: StaffBooking}) {
  const toast = useToast()
  const after = useAfterDeskChange()
  const experiences = useDeskExperiences(true)
  const slots =
    experiences.data?.experiences.find((e) => e.slug === booking.experience_id)?.timeSlots ?? []
  const {form, formProps, field, id, message, messageRef, pending} = useSubmitForm({
    schema: tripChangeSchema,
    defaultValues: {
      revision: booking._rev,
      date: booking.date ?? '',
      preferredTime: booking.preferred_time ?? '',
      adults: booking.pax_adults ?? 1,
      children: booking.pax_children ?? 0,
      tellTraveller: true,
    },
    send: (change) => changeTrip(booking._id, change),
    failed: STAFF_CALL_FAILED,
    invalid: () => CHECK_FIELDS,
    refused: (_refusal, error) => {
      const current = (error as {body?: {booking?: StaffBooking | null}}).body?.booking
      if (current) after(current)
    },
    sent: ({booking: changed}, payload) => {
      after(changed)
      toast({
        title: 'Booking changed',
        description: `${formatGroupInWords(payload.adults, payload.children)} on ${formatDateInWords(payload.date)}.${payload.tellTraveller && booking.email ? ' The traveller is told by mail.' : ''}`,
        variant: 'default',
      })
      return {text: 'Saved.', variant: 'success'}
    },
  })
  // The button that opened the form is gone: the focus goes to its first field, not to the page.
  const dateId = id('date')
  useEffect(() => document.getElementById(dateId)?.focus(), [dateId])
  return (
    <form className="booking-desk__form booking-desk__change" aria-label="Change the date or group" {...formProps}>
      <FormMessage ref={messageRef} message={message} />
      <div className="booking-desk__row">
        <TextField label="Date" type="date" required requiredMark={false} {...field('date')} />
        {slots.length > 0 ? (
          <SelectField label="Time" placeholder="Any time" options={slots} {...field('preferredTime')} />
        ) : null}
      </div>
      <GroupFields field={field} register={form.register} />
      <CheckboxField label={TELL_LABEL} {...field('tellTraveller')} />
      <div className="booking-desk__actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Saving…' : 'Save the change'}
        </button>
      </div>
    </form>
  )
}

export type DepartureToMessage = {experience: string; title: string; date: string}

/**
 * "Message the travellers" of a departure: staff's words in the editors' template, to everyone on it with an address
 * (functions/staff/booking-desk.ts `messageDeparture`), each recorded in the booking's history.
 */
export function MessageDepartureDialog({
  departure,
  onClose,
  returnFocusRef,
}: {
  departure: DepartureToMessage | null
  onClose: () => void
  returnFocusRef?: RefObject<HTMLElement | null>
}) {
  return (
    <Modal
      open={departure !== null}
      onClose={onClose}
      title={departure ? `Message everyone on ${departure.title}, ${formatDateInWords(departure.date)}` : ''}
      className="booking-desk"
      returnFocusRef={returnFocusRef}
    >
      {departure ? <MessageDepartureForm departure={departure} onDone={onClose} /> : null}
    </Modal>
  )
}

function MessageDepartureForm({
  departure,
  onDone,
}: {
  departure: DepartureToMessage
  onDone: () => void
}) {
  const toast = useToast()
  const after = useAfterDeskChange()
  const {formProps, field, message, messageRef, pending} = useSubmitForm({
    schema: departureMessageSchema,
    defaultValues: {experience: departure.experience, date: departure.date, message: ''},
    send: (payload) => messageDeparture(payload),
    failed: STAFF_CALL_FAILED,
    invalid: () => CHECK_FIELDS,
    sent: ({told}) => {
      after()
      toast({
        title: 'Message sent',
        description: `${told} ${told === 1 ? 'booking is' : 'bookings are'} told by mail; each booking’s history has the message.`,
        variant: 'default',
      })
      onDone()
      return null
    },
  })
  return (
    <form className="booking-desk__form" {...formProps}>
      <FormMessage ref={messageRef} message={message} />
      <p className="muted">
        Every request and confirmed booking on this departure with an email address gets the editors’
        “message to the departure” mail with your words.
      </p>
      <TextareaField
        label="Message"
        rows={5}
        required
        requiredMark={false}
        maxLength={MESSAGE_MAX}
        {...field('message')}
      />
      <div className="booking-desk__actions">
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? 'Sending…' : 'Send to everyone on it'}
        </button>
      </div>
    </form>
  )
}
