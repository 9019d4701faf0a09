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
} from '@repo/schemas/itinerary-request.ts'

import {
  CheckboxField,
  HoneypotField,
  SelectField,
  TextareaField,
  TextField,
} from '../../../components/ui/field'
import {FormMessage} from '../../../components/ui/form-message'
import {useSubmitForm} from '../../../lib/forms/use-submit-form'
import {SecurityQuestionField, useSecurityQuestion} from '../../security-question'
import type {ThankYouState} from '../../site'
import {TripConsentNote} from './trip-consent-note'
import {leadSubmitOptions} from './lead-submit'

type Options = readonly {readonly value: string; readonly title: string}[]

/** A trip field's star: the spec stars them, though the schema does not require them. */
const starred = (label: string) => (
  <>
    {label}
    <span aria-hidden="true"> *</span>
  </>
)

/** The questionnaire: first and last name and email are checked; the starred trip fields are not. */
export function QuestionnaireForm({initialDate = ''}: {initialDate?: string}) {
  const navigate = useNavigate()
  const {formProps, field, honeypot, id, message, messageRef, pending, form} = useSubmitForm({
    schema: questionnaireRequestSchema,
    defaultValues: {
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
    },
    ...leadSubmitOptions({
      successText: ITINERARY_SUCCESS_MESSAGE,
      // The toast, then the thank-you page (which shows the toast and the reference).
      onSuccess: (reference) => {
        form.reset({...form.formState.defaultValues, preferredDate: ''})
        const state: ThankYouState = {notice: ITINERARY_SUCCESS_MESSAGE, reference}
        void navigate('/thank-you', {state})
      },
      question: () => question,
    }),
  })
  const question = useSecurityQuestion('questionnaire', form.setValue)

  const select = (
    name: 'tripType' | 'duration' | 'groupSize' | 'safari' | 'accommodation',
    label: string,
    options: Options,
    star = false,
  ) => (
    <SelectField
      label={star ? starred(label) : label}
      placeholder="Select…"
      options={options}
      {...field(name)}
    />
  )

  return (
    <form className="questionnaire-form" {...formProps}>
      <FormMessage message={message} ref={messageRef} />
      <div className="form-grid">
        <TextField label="First name" required autoComplete="given-name" {...field('firstName')} />
        <TextField label="Last name" required autoComplete="family-name" {...field('lastName')} />
        <TextField label="Email" required type="email" autoComplete="email" {...field('email')} />
      </div>
      <CheckboxField label="Send me the newsletter" {...field('newsletter')} />
      <div className="form-grid">
        {select('tripType', 'Trip type', TRIP_TYPES, true)}
        <TextField
          label={starred('Preferred date')}
          type="date"
          min={todayInCapeTown()}
          max={addDays(todayInCapeTown(), TRIP_DATE_MAX_DAYS)}
          {...field('preferredDate')}
        />
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
                {...form.register('interests')}
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
      <TextareaField label="Anything else we should know?" rows={4} {...field('additionalInfo')} />
      <SecurityQuestionField question={question} {...field('securityAnswer')} />
      <HoneypotField {...honeypot()} />
      <TripConsentNote />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Submitting...' : 'Send my trip request'}
      </button>
    </form>
  )
}
