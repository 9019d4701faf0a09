import {useRef, useState} from 'react'

import {WIZARD_PACKAGES, WIZARD_TRAVELLERS} from '@repo/schemas/enumerations.ts'
import {TRIP_DATE_MAX_DAYS} from '@repo/schemas/experience-settings.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import {
  ITINERARY_SUCCESS_MESSAGE,
  MISSING_INFORMATION_MESSAGE,
  MISSING_INFORMATION_TITLE,
  tripDateProblem,
  wizardRequestSchema,
  type WizardFormValues,
} from '@repo/schemas/itinerary-request.ts'

import {HoneypotField, SelectField, TextareaField, TextField} from '../../../components/ui/field'
import {FormMessage} from '../../../components/ui/form-message'
import {useSubmitForm} from '../../../lib/forms/use-submit-form'
import {formatShortDate} from '@repo/schemas/format-date.ts'
import {SecurityQuestionField, useSecurityQuestion} from '../../security-question'
import {TripConsentNote} from './trip-consent-note'
import {leadSubmitOptions} from './lead-submit'

const STEPS = ['Traveller info', 'Trip details', 'Review and confirm'] as const

const defaults: WizardFormValues = {
  source: 'wizard',
  name: '',
  email: '',
  phone: '',
  travelers: '' as WizardFormValues['travelers'],
  startDate: '',
  packageType: '',
  specialRequests: '',
  securityAnswer: '',
  challengeToken: '',
  website: '',
}

/** The wizard: three steps, Back goes down one, a submit resets to step 1. */
export function BookingWizard() {
  const [step, setStep] = useState(0)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const {formProps, field, honeypot, message, setMessage, messageRef, pending, form} =
    useSubmitForm({
      schema: wizardRequestSchema,
      defaultValues: defaults,
      ...leadSubmitOptions({
        successText: ITINERARY_SUCCESS_MESSAGE,
        onSuccess: () => {
          form.reset(defaults)
          go(0)
        },
        question: () => question,
      }),
    })
  const {trigger, getValues, setError} = form
  const question = useSecurityQuestion('wizard', form.setValue)

  function go(next: number) {
    setStep(next)
    // Focus follows the step, so a screen reader announces where the traveller is.
    requestAnimationFrame(() => headingRef.current?.focus())
  }

  const missing = () =>
    setMessage({
      title: MISSING_INFORMATION_TITLE,
      text: MISSING_INFORMATION_MESSAGE,
      variant: 'destructive',
    })

  async function next() {
    if (step === 0) {
      if (!(await trigger(['name', 'email', 'travelers']))) return missing()
    } else if (step === 1) {
      const date = getValues('startDate')
      const dateProblem = tripDateProblem(date ?? '', todayInCapeTown())
      if (dateProblem) {
        setError('startDate', {message: dateProblem})
        return setMessage({text: dateProblem, variant: 'destructive'})
      }
      if (!(await trigger(['startDate', 'packageType', 'specialRequests']))) return
    }
    setMessage(null)
    go(step + 1)
  }

  const values = getValues()

  return (
    <form className="booking-wizard" {...formProps}>
      <h3 ref={headingRef} tabIndex={-1}>
        Step {step + 1} of 3: {STEPS[step]}
      </h3>
      <FormMessage message={message} ref={messageRef} />
      {/* The labels say their star aloud ("Name *"), as they always have. */}
      <div hidden={step !== 0}>
        <TextField label="Name *" autoComplete="name" {...field('name')} />
        <TextField label="Email *" type="email" autoComplete="email" {...field('email')} />
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <SelectField
          label="Travellers *"
          placeholder="Select…"
          options={WIZARD_TRAVELLERS}
          {...field('travelers')}
        />
      </div>
      <div hidden={step !== 1}>
        <TextField
          label="Start date"
          type="date"
          min={todayInCapeTown()}
          max={addDays(todayInCapeTown(), TRIP_DATE_MAX_DAYS)}
          {...field('startDate')}
        />
        <SelectField
          label="Package"
          placeholder="Select…"
          options={WIZARD_PACKAGES}
          {...field('packageType')}
        />
        <TextareaField label="Special requests" rows={3} {...field('specialRequests')} />
      </div>
      {step === 2 ? (
        <dl className="booking-summary">
          <dt>Name</dt>
          <dd>{values.name}</dd>
          <dt>Email</dt>
          <dd>{values.email}</dd>
          <dt>Travellers</dt>
          <dd>{values.travelers}</dd>
          <dt>Start date</dt>
          <dd>{values.startDate ? formatShortDate(values.startDate) : 'Flexible'}</dd>
          <dt>Package</dt>
          <dd>
            {WIZARD_PACKAGES.find((p) => p.value === values.packageType)?.title ?? 'Not decided'}
          </dd>
        </dl>
      ) : null}
      {step === 2 ? (
        <SecurityQuestionField question={question} {...field('securityAnswer')} />
      ) : null}
      {step === 2 ? <TripConsentNote /> : null}
      <HoneypotField {...honeypot()} />
      <div className="button-row">
        {step > 0 ? (
          <button type="button" className="button" onClick={() => go(step - 1)}>
            Back
          </button>
        ) : null}
        {step < 2 ? (
          <button
            key="next"
            type="button"
            className="button button--primary"
            onClick={() => void next()}
          >
            Next
          </button>
        ) : (
          // A separate element (key): React would otherwise turn the clicked Next into a submit mid-click.
          <button key="submit" type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Submitting...' : 'Submit request'}
          </button>
        )}
      </div>
    </form>
  )
}
