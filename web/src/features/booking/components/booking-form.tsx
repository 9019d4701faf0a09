import {zodResolver} from '@hookform/resolvers/zod'
import {useMutation, useQuery} from '@tanstack/react-query'
import {useEffect, useId, useRef, useState} from 'react'
import {useForm, type FieldErrors} from 'react-hook-form'
import {Link, useNavigate} from 'react-router-dom'

import {
  BOOKING_SUCCESS_MESSAGE,
  bookingRequestSchema,
  fieldsToPutRightMessage,
  HONEYPOT_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  SUBMIT_FAILED_MESSAGE,
  type BookingRequestFormValues,
  type BookingRequestPayload,
} from '@repo/schemas/booking-request.ts'
import {COUNTRIES, HOW_HEARD} from '@repo/schemas/enumerations.ts'
import {DEFAULT_REPLY_PROMISE, REASSURANCE_TEXT} from '@repo/schemas/content-rules.ts'
import {BOOKING_CONSENT_TEXTS} from '@repo/schemas/consent-texts.ts'

import {Field} from '../../../components/ui/field'
import {FormMessage, type FormMessageValue} from '../../../components/ui/form-message'
import {track} from '../../../lib/analytics'
import {ApiError, newIdempotencyKey, postJson} from '../../../lib/post-json'
import {DepartureAlternatives} from './departure-alternatives'
import {SecurityQuestionField, useSecurityQuestion} from '../../security-question'
import {siteSettingsQueryOptions, type ThankYouState} from '../../site'

type Trip = {experienceId: string; date: string; adults: number; children: number; time: string}

const thankYou = (reference: string): ThankYouState => ({
  notice: BOOKING_SUCCESS_MESSAGE,
  reference,
})

/** How long the success view stays before the thank-you page (the success view, then /thank-you). */
const THANK_YOU_DELAY_MS = 2500

function utm(name: string): string {
  if (typeof window === 'undefined') return ''
  return (new URLSearchParams(window.location.search).get(name) ?? '').slice(0, 200)
}

/** The booking page's form: react-hook-form with the zod schema the function parses again. */
export function BookingForm({trip}: {trip: Trip}) {
  const navigate = useNavigate()
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const base = useId()
  const id = (name: string) => `${base}-${name}`
  const [message, setMessage] = useState<FormMessageValue | null>(null)
  const [reference, setReference] = useState<string | null>(null)
  // Set when the function refuses the date (full, or closed since the page loaded): where the group fits instead.
  const [alternatives, setAlternatives] = useState<ApiError['alternatives'] | null>(null)
  const messageRef = useRef<HTMLDivElement>(null)
  const successRef = useRef<HTMLHeadingElement>(null)
  const idempotencyKey = useRef(newIdempotencyKey())

  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: {errors},
  } = useForm<BookingRequestFormValues, unknown, BookingRequestPayload>({
    resolver: zodResolver(bookingRequestSchema),
    defaultValues: {
      experienceId: trip.experienceId,
      date: trip.date,
      adults: trip.adults,
      children: trip.children,
      preferredTime: trip.time,
      name: '',
      email: '',
      phone: '',
      country: '',
      pickupLocation: '',
      notes: '',
      howHeard: '',
      marketingOptIn: false,
      securityAnswer: '',
      challengeToken: '',
      website: '',
    },
  })

  // The token is no visible field: it follows whichever question is on screen.
  const question = useSecurityQuestion('booking', setValue)

  const show = (value: FormMessageValue) => {
    setMessage(value)
    // Move focus to the message so keyboard and screen-reader users meet it where they are.
    requestAnimationFrame(() => messageRef.current?.focus())
  }

  const submit = useMutation({
    mutationFn: (payload: BookingRequestPayload) =>
      postJson<{booking_ref: string}>('/api/booking-requests', payload, {
        idempotencyKey: idempotencyKey.current,
        fallback: SUBMIT_FAILED_MESSAGE,
      }),
    onSuccess: ({booking_ref}) => {
      track('booking_submitted', {
        experience_id: trip.experienceId,
        pax_total: trip.adults + trip.children,
      })
      idempotencyKey.current = newIdempotencyKey()
      setMessage({text: BOOKING_SUCCESS_MESSAGE, variant: 'success'})
      setReference(booking_ref)
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status >= 500 || error.status === 0) {
        show({text: SUBMIT_FAILED_MESSAGE, variant: 'destructive'})
        return
      }
      setAlternatives(error.fieldErrors.date ? error.alternatives : null)
      for (const [name, messages] of Object.entries(error.fieldErrors)) {
        if (name in bookingRequestSchema.shape && messages[0])
          setError(name as keyof BookingRequestFormValues, {message: messages[0]})
      }
      // A wrong, used or expired question is replaced, so the next try has a fresh one.
      if (error.fieldErrors.securityAnswer) question.renew()
      show({text: error.message, variant: 'destructive'})
    },
  })

  useEffect(() => {
    if (!reference) return
    successRef.current?.focus()
    const timer = setTimeout(
      () => navigate('/thank-you', {state: thankYou(reference)}),
      THANK_YOU_DELAY_MS,
    )
    return () => clearTimeout(timer)
  }, [reference, navigate])

  if (reference)
    return (
      <section className="booking-success" aria-labelledby={id('success')}>
        <h2 id={id('success')} ref={successRef} tabIndex={-1}>
          Booking request submitted successfully!
        </h2>
        <FormMessage message={message} />
        <p>
          Your booking reference is <strong data-testid="booking-ref">{reference}</strong>. We have
          emailed you a copy.
        </p>
        <p>
          {settings?.reassuranceText ?? REASSURANCE_TEXT}{' '}
          {settings?.replyPromise ?? DEFAULT_REPLY_PROMISE}
        </p>
        <p>
          <Link to="/thank-you" state={thankYou(reference)} className="button button--primary">
            Continue
          </Link>
        </p>
      </section>
    )

  // Each field says beneath it what it needs (the shared schema's messages); above, only how many to put right.
  const onInvalid = (invalid: FieldErrors<BookingRequestFormValues>) => {
    const count = Object.keys(invalid).length
    show({
      text: count ? fieldsToPutRightMessage(count) : REQUIRED_FIELDS_MESSAGE,
      variant: 'destructive',
    })
  }

  const onValid = (payload: BookingRequestPayload) => {
    if (payload.website) {
      show({text: HONEYPOT_MESSAGE, variant: 'destructive'})
      return
    }
    setMessage(null)
    submit.mutate({
      ...payload,
      utmSource: utm('utm_source'),
      utmMedium: utm('utm_medium'),
      utmCampaign: utm('utm_campaign'),
    })
  }

  const describe = (name: keyof BookingRequestFormValues) =>
    errors[name] ? {'aria-invalid': true, 'aria-describedby': `${id(name)}-error`} : {}

  return (
    <form
      className="booking-form"
      // Sent before the page has hydrated, the browser posts it to the page (see create-site-app.ts) rather
      // than putting names and emails into the address.
      method="post"
      noValidate
      aria-busy={submit.isPending}
      onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
    >
      <FormMessage message={message} ref={messageRef} />
      {alternatives ? (
        <DepartureAlternatives
          alternatives={alternatives}
          link={{experienceId: trip.experienceId, adults: trip.adults, children: trip.children}}
        />
      ) : null}
      <Field id={id('name')} label="Full name" error={errors.name?.message} required>
        <input id={id('name')} autoComplete="name" {...register('name')} {...describe('name')} />
      </Field>
      <Field id={id('email')} label="Email" error={errors.email?.message} required>
        <input
          id={id('email')}
          type="email"
          autoComplete="email"
          {...register('email')}
          {...describe('email')}
        />
      </Field>
      <Field id={id('phone')} label="Phone" error={errors.phone?.message}>
        <input id={id('phone')} type="tel" autoComplete="tel" {...register('phone')} />
      </Field>
      <Field id={id('country')} label="Country" error={errors.country?.message}>
        <select id={id('country')} autoComplete="country-name" {...register('country')}>
          <option value="">Select your country</option>
          {COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {country}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={id('pickupLocation')}
        label="Pick-up location"
        error={errors.pickupLocation?.message}
      >
        <input id={id('pickupLocation')} {...register('pickupLocation')} />
      </Field>
      <Field id={id('notes')} label="Notes or special requests" error={errors.notes?.message}>
        <textarea id={id('notes')} rows={4} {...register('notes')} />
      </Field>
      <Field
        id={id('howHeard')}
        label="How did you hear about us?"
        error={errors.howHeard?.message}
      >
        <select id={id('howHeard')} {...register('howHeard')}>
          <option value="">Select an option</option>
          {HOW_HEARD.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
      <div className="field field--checkbox">
        <input id={id('marketingOptIn')} type="checkbox" {...register('marketingOptIn')} />
        <label htmlFor={id('marketingOptIn')}>
          Send me occasional Cape Town travel ideas by email
        </label>
      </div>
      <div className="field field--checkbox">
        <input
          id={id('consentBooking')}
          type="checkbox"
          {...register('consentBooking')}
          {...describe('consentBooking')}
        />
        <div>
          <label htmlFor={id('consentBooking')}>
            {BOOKING_CONSENT_TEXTS.bookingRequest}
            <span aria-hidden="true"> *</span>
          </label>
          {errors.consentBooking ? (
            <p id={`${id('consentBooking')}-error`} className="field__error">
              {errors.consentBooking.message}
            </p>
          ) : null}
        </div>
      </div>
      <div className="field field--checkbox">
        <input
          id={id('consentPrivacy')}
          type="checkbox"
          {...register('consentPrivacy')}
          {...describe('consentPrivacy')}
        />
        <div>
          {/* The link is beside the label, not inside it: a tap on the label ticks the box, never leaves the form. */}
          <label htmlFor={id('consentPrivacy')}>
            {BOOKING_CONSENT_TEXTS.privacy}
            <span aria-hidden="true"> *</span>
          </label>
          <p className="checkbox__hint">
            <Link to="/privacy" target="_blank" rel="noopener">
              Read the privacy policy
            </Link>{' '}
            (opens in a new tab)
          </p>
          {errors.consentPrivacy ? (
            <p id={`${id('consentPrivacy')}-error`} className="field__error">
              {errors.consentPrivacy.message}
            </p>
          ) : null}
        </div>
      </div>
      <SecurityQuestionField
        id={id('securityAnswer')}
        question={question}
        error={errors.securityAnswer?.message}
        registration={register('securityAnswer')}
      />
      {/* The honeypot: off-screen and out of the tab order, so only bots fill it in. */}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={id('website')}>Website</label>
        <input id={id('website')} tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <button type="submit" className="button button--primary" disabled={submit.isPending}>
        {submit.isPending ? 'Submitting...' : 'Send booking request'}
      </button>
    </form>
  )
}
