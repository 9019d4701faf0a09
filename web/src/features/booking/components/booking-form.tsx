import {useQuery} from '@tanstack/react-query'
import {useEffect, useRef, useState} from 'react'
import {Link, useNavigate} from 'react-router-dom'

import {
  BOOKING_SUCCESS_MESSAGE,
  bookingRequestSchema,
  fieldsToPutRightMessage,
  HONEYPOT_MESSAGE,
  REQUIRED_FIELDS_MESSAGE,
  SUBMIT_FAILED_MESSAGE,
} from '@repo/schemas/booking-request.ts'
import {COUNTRIES, HOW_HEARD} from '@repo/schemas/enumerations.ts'
import {DEFAULT_REPLY_PROMISE, REASSURANCE_TEXT} from '@repo/schemas/content-rules.ts'
import {BOOKING_CONSENT_TEXTS} from '@repo/schemas/consent-texts.ts'

import {
  CheckboxField,
  HoneypotField,
  SelectField,
  TextareaField,
  TextField,
} from '../../../components/ui/field'
import {FormMessage} from '../../../components/ui/form-message'
import {useT} from '../../../i18n/i18n'
import {track} from '../../../lib/analytics'
import {useSubmitForm} from '../../../lib/forms/use-submit-form'
import {ApiError, postJson} from '../../../lib/post-json'
import {DepartureAlternatives} from './departure-alternatives'
import {PrivacyPolicyHint} from './privacy-policy-hint'
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

/** The booking page's form: the house's form hook with the zod schema the function parses again. */
export function BookingForm({trip}: {trip: Trip}) {
  const t = useT()
  const navigate = useNavigate()
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const [reference, setReference] = useState<string | null>(null)
  // Set when the function refuses the date (full, or closed since the page loaded): where the group fits instead.
  const [alternatives, setAlternatives] = useState<ApiError['alternatives'] | null>(null)
  const successRef = useRef<HTMLHeadingElement>(null)

  const {formProps, field, honeypot, id, message, messageRef, pending, form} = useSubmitForm({
    schema: bookingRequestSchema,
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
    send: (payload, idempotencyKey) =>
      postJson<{booking_ref: string}>(
        '/api/booking-requests',
        {
          ...payload,
          utmSource: utm('utm_source'),
          utmMedium: utm('utm_medium'),
          utmCampaign: utm('utm_campaign'),
        },
        {idempotencyKey, fallback: SUBMIT_FAILED_MESSAGE},
      ),
    failed: SUBMIT_FAILED_MESSAGE,
    // Each field says beneath it what it needs (the shared schema's messages); above, only how many to put right.
    invalid: (invalid) => {
      const count = Object.keys(invalid).length
      return {
        text: count ? fieldsToPutRightMessage(count) : REQUIRED_FIELDS_MESSAGE,
        variant: 'destructive',
      }
    },
    sent: ({booking_ref}) => {
      track('booking_submitted', {
        experience_id: trip.experienceId,
        pax_total: trip.adults + trip.children,
      })
      setReference(booking_ref)
      return {text: BOOKING_SUCCESS_MESSAGE, variant: 'success'}
    },
    refused: ({fieldErrors}, error) => {
      setAlternatives(fieldErrors.date && error instanceof ApiError ? error.alternatives : null)
      // A wrong, used or expired question is replaced, so the next try has a fresh one.
      if (fieldErrors.securityAnswer) question.renew()
    },
    honeypot: HONEYPOT_MESSAGE,
  })

  // The token is no visible field: it follows whichever question is on screen.
  const question = useSecurityQuestion('booking', form.setValue)

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

  return (
    <form className="booking-form" {...formProps}>
      <FormMessage message={message} ref={messageRef} />
      {alternatives ? (
        <DepartureAlternatives
          alternatives={alternatives}
          link={{experienceId: trip.experienceId, adults: trip.adults, children: trip.children}}
        />
      ) : null}
      <TextField label={t('booking.fullName')} required autoComplete="name" {...field('name')} />
      <TextField
        label={t('booking.email')}
        required
        type="email"
        autoComplete="email"
        {...field('email')}
      />
      <TextField label={t('booking.phone')} type="tel" autoComplete="tel" {...field('phone')} />
      <SelectField
        label={t('booking.country')}
        placeholder={t('booking.countryPlaceholder')}
        options={COUNTRIES}
        autoComplete="country-name"
        {...field('country')}
      />
      <TextField label={t('booking.pickup')} {...field('pickupLocation')} />
      <TextareaField label={t('booking.notes')} rows={4} {...field('notes')} />
      <SelectField
        label={t('booking.howHeard')}
        placeholder={t('booking.howHeardPlaceholder')}
        options={HOW_HEARD}
        {...field('howHeard')}
      />
      <CheckboxField label={t('booking.marketing')} {...field('marketingOptIn')} />
      <CheckboxField
        label={BOOKING_CONSENT_TEXTS.bookingRequest}
        required
        {...field('consentBooking')}
      />
      <CheckboxField
        label={BOOKING_CONSENT_TEXTS.privacy}
        required
        hint={<PrivacyPolicyHint />}
        {...field('consentPrivacy')}
      />
      <SecurityQuestionField question={question} {...field('securityAnswer')} />
      <HoneypotField {...honeypot()} />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? t('booking.submitting') : t('booking.submit')}
      </button>
    </form>
  )
}
