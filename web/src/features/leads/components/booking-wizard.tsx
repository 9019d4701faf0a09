import {zodResolver} from '@hookform/resolvers/zod'
import {useId, useRef, useState} from 'react'
import {useForm} from 'react-hook-form'

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

import {FormMessage} from '../../../components/ui/form-message'
import {formatShortDate} from '@repo/schemas/format-date.ts'
import {SecurityQuestionField, useSecurityQuestion} from '../../security-question'
import {TripConsentNote} from './trip-consent-note'
import {useLeadSubmit} from './use-lead-submit'

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
  const base = useId()
  const id = (name: string) => `${base}-${name}`
  const [step, setStep] = useState(0)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    reset,
    setError,
    setValue,
    formState: {errors},
  } = useForm<WizardFormValues>({
    resolver: zodResolver(wizardRequestSchema),
    defaultValues: defaults,
  })
  const question = useSecurityQuestion('wizard', setValue)
  const {message, setMessage, mutation, refuseInvalid} = useLeadSubmit({
    successText: ITINERARY_SUCCESS_MESSAGE,
    onSuccess: () => {
      reset(defaults)
      go(0)
    },
    onFieldError: (name, text) => {
      if (name in wizardRequestSchema.shape)
        setError(name as keyof WizardFormValues, {message: text})
    },
    question,
  })

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
  const error = (name: keyof WizardFormValues) =>
    errors[name] ? (
      <p id={`${id(name)}-error`} className="field__error">
        {errors[name]?.message}
      </p>
    ) : null

  return (
    <form
      className="booking-wizard"
      // Sent before the page has hydrated, the browser posts it to the page (see create-site-app.ts) rather
      // than putting names and emails into the address.
      method="post"
      noValidate
      onSubmit={(event) =>
        void handleSubmit(
          (payload) => mutation.mutate(wizardRequestSchema.parse(payload)),
          refuseInvalid,
        )(event)
      }
    >
      <h3 ref={headingRef} tabIndex={-1}>
        Step {step + 1} of 3: {STEPS[step]}
      </h3>
      <FormMessage message={message} />
      <div hidden={step !== 0}>
        <div className="field">
          <label htmlFor={id('name')}>Name *</label>
          <input id={id('name')} autoComplete="name" {...register('name')} />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor={id('email')}>Email *</label>
          <input id={id('email')} type="email" autoComplete="email" {...register('email')} />
          {error('email')}
        </div>
        <div className="field">
          <label htmlFor={id('phone')}>Phone</label>
          <input id={id('phone')} type="tel" autoComplete="tel" {...register('phone')} />
        </div>
        <div className="field">
          <label htmlFor={id('travelers')}>Travellers *</label>
          <select id={id('travelers')} {...register('travelers')}>
            <option value="">Select…</option>
            {WIZARD_TRAVELLERS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.title}
              </option>
            ))}
          </select>
          {error('travelers')}
        </div>
      </div>
      <div hidden={step !== 1}>
        <div className="field">
          <label htmlFor={id('startDate')}>Start date</label>
          <input
            id={id('startDate')}
            type="date"
            min={todayInCapeTown()}
            max={addDays(todayInCapeTown(), TRIP_DATE_MAX_DAYS)}
            {...register('startDate')}
          />
          {error('startDate')}
        </div>
        <div className="field">
          <label htmlFor={id('packageType')}>Package</label>
          <select id={id('packageType')} {...register('packageType')}>
            <option value="">Select…</option>
            {WIZARD_PACKAGES.map((o) => (
              <option key={o.value} value={o.value}>
                {o.title}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={id('specialRequests')}>Special requests</label>
          <textarea id={id('specialRequests')} rows={3} {...register('specialRequests')} />
        </div>
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
        <SecurityQuestionField
          id={id('securityAnswer')}
          question={question}
          error={errors.securityAnswer?.message}
          registration={register('securityAnswer')}
        />
      ) : null}
      {step === 2 ? <TripConsentNote /> : null}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={id('website')}>Website</label>
        <input id={id('website')} tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
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
          <button
            key="submit"
            type="submit"
            className="button button--primary"
            disabled={mutation.isPending}
          >
            {mutation.isPending ? 'Submitting...' : 'Submit request'}
          </button>
        )}
      </div>
    </form>
  )
}
