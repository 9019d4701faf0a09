import {zodResolver} from '@hookform/resolvers/zod'
import {useId} from 'react'
import {useForm} from 'react-hook-form'
import {useNavigate} from 'react-router-dom'

import {TRIP_DATE_MAX_DAYS} from '@repo/schemas/experience-settings.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {
  ACCOMMODATION_OPTIONS,
  GROUP_SIZES,
  INTERESTS,
  SAFARI_OPTIONS,
  TRIP_DURATIONS,
  TRIP_TYPES,
} from '@repo/schemas/enumerations.ts'
import {
  ITINERARY_SUCCESS_MESSAGE,
  questionnaireRequestSchema,
  type QuestionnaireFormValues,
} from '@repo/schemas/itinerary-request.ts'

import {FormMessage} from '../../../components/ui/form-message'
import {SecurityQuestionField, useSecurityQuestion} from '../../security-question'
import type {ThankYouState} from '../../site'
import {TripConsentNote} from './trip-consent-note'
import {useLeadSubmit} from './use-lead-submit'

type Options = readonly {readonly value: string; readonly title: string}[]

/** The questionnaire: first and last name and email are checked; the starred trip fields are not. */
export function QuestionnaireForm({initialDate = ''}: {initialDate?: string}) {
  const base = useId()
  const navigate = useNavigate()
  const id = (name: string) => `${base}-${name}`
  const defaults: QuestionnaireFormValues = {
    source: 'questionnaire',
    firstName: '',
    lastName: '',
    email: '',
    newsletter: false,
    tripType: '',
    preferredDate: initialDate,
    duration: '',
    groupSize: '',
    interests: [],
    safari: '',
    accommodation: '',
    additionalInfo: '',
    securityAnswer: '',
    challengeToken: '',
    website: '',
  }
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    setError,
    formState: {errors},
  } = useForm<QuestionnaireFormValues>({
    resolver: zodResolver(questionnaireRequestSchema),
    defaultValues: defaults,
  })
  const question = useSecurityQuestion('questionnaire', setValue)
  const {message, setMessage, mutation, refuseInvalid} = useLeadSubmit({
    successText: ITINERARY_SUCCESS_MESSAGE,
    // The toast, then the thank-you page (which shows the toast and the reference).
    onSuccess: (reference) => {
      reset({...defaults, preferredDate: ''})
      const state: ThankYouState = {notice: ITINERARY_SUCCESS_MESSAGE, reference}
      void navigate('/thank-you', {state})
    },
    onFieldError: (name, text) => {
      if (name in questionnaireRequestSchema.shape)
        setError(name as keyof QuestionnaireFormValues, {message: text})
    },
    question,
  })

  const select = (
    name: keyof QuestionnaireFormValues,
    label: string,
    options: Options,
    star = false,
  ) => (
    <div className="field">
      <label htmlFor={id(name)}>
        {label}
        {star ? <span aria-hidden="true"> *</span> : null}
      </label>
      <select id={id(name)} {...register(name)}>
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.title}
          </option>
        ))}
      </select>
    </div>
  )
  const text = (name: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={id(name)}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <input
        id={id(name)}
        type={type}
        autoComplete={
          name === 'email' ? 'email' : name === 'firstName' ? 'given-name' : 'family-name'
        }
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id(name)}-error` : undefined}
        {...register(name)}
      />
      {errors[name] ? (
        <p id={`${id(name)}-error`} className="field__error">
          {errors[name]?.message}
        </p>
      ) : null}
    </div>
  )

  return (
    <form
      className="questionnaire-form"
      // Sent before the page has hydrated, the browser posts it to the page (see create-site-app.ts) rather
      // than putting names and emails into the address.
      method="post"
      noValidate
      onSubmit={(event) =>
        void handleSubmit((payload) => {
          setMessage(null)
          mutation.mutate(questionnaireRequestSchema.parse(payload))
        }, refuseInvalid)(event)
      }
    >
      <FormMessage message={message} />
      <div className="form-grid">
        {text('firstName', 'First name')}
        {text('lastName', 'Last name')}
        {text('email', 'Email', 'email')}
      </div>
      <p className="checkbox">
        <input id={id('newsletter')} type="checkbox" {...register('newsletter')} />
        <label htmlFor={id('newsletter')}>Send me the newsletter</label>
      </p>
      <div className="form-grid">
        {select('tripType', 'Trip type', TRIP_TYPES, true)}
        <div className="field">
          <label htmlFor={id('preferredDate')}>
            Preferred date<span aria-hidden="true"> *</span>
          </label>
          <input
            id={id('preferredDate')}
            type="date"
            min={todayInCapeTown()}
            max={addDays(todayInCapeTown(), TRIP_DATE_MAX_DAYS)}
            {...register('preferredDate')}
          />
          {errors.preferredDate ? (
            <p className="field__error">{errors.preferredDate.message}</p>
          ) : null}
        </div>
        {select('duration', 'Duration', TRIP_DURATIONS, true)}
        {select('groupSize', 'Group size', GROUP_SIZES, true)}
      </div>
      <fieldset className="field">
        <legend>Interests</legend>
        <div className="checkbox-grid">
          {INTERESTS.map((interest) => (
            <p className="checkbox" key={interest.value}>
              <input
                id={id(`interest-${interest.value}`)}
                type="checkbox"
                value={interest.value}
                {...register('interests')}
              />
              <label htmlFor={id(`interest-${interest.value}`)}>{interest.title}</label>
            </p>
          ))}
        </div>
      </fieldset>
      <div className="form-grid">
        {select('safari', 'Safari', SAFARI_OPTIONS)}
        {select('accommodation', 'Accommodation', ACCOMMODATION_OPTIONS)}
      </div>
      <div className="field">
        <label htmlFor={id('additionalInfo')}>Anything else we should know?</label>
        <textarea id={id('additionalInfo')} rows={4} {...register('additionalInfo')} />
      </div>
      <SecurityQuestionField
        id={id('securityAnswer')}
        question={question}
        error={errors.securityAnswer?.message}
        registration={register('securityAnswer')}
      />
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={id('website')}>Website</label>
        <input id={id('website')} tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <TripConsentNote />
      <button type="submit" className="button button--primary" disabled={mutation.isPending}>
        {mutation.isPending ? 'Submitting...' : 'Send my trip request'}
      </button>
    </form>
  )
}
