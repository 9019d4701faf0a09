import {zodResolver} from '@hookform/resolvers/zod'
import {useId, useRef, useState} from 'react'
import {useForm} from 'react-hook-form'

import {MAX_RATING, MIN_RATING} from '@repo/schemas/review-ratings.ts'
import {
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MAX,
  reviewFormSchema,
  type ReviewFormValues,
  type ReviewPayload,
} from '@repo/schemas/reviews.ts'

import {Field} from '../../../components/ui/field'
import {FormMessage, type FormMessageValue} from '../../../components/ui/form-message'
import {ApiError} from '../../../lib/post-json'
import {SUBMIT_REVIEW_FAILED, useSubmitReview} from '../api/submit-review'
import type {ReviewFormOutcome} from '../api/submit-review-on-server'

const RATINGS = Array.from({length: MAX_RATING - MIN_RATING + 1}, (_, i) => MAX_RATING - i)
const RATING_WORDS: Record<number, string> = {
  5: 'Excellent',
  4: 'Good',
  3: 'Average',
  2: 'Poor',
  1: 'Terrible',
}

/**
 * Rating, words, the name to show and consent: the same schema checks it here and on the server. Without script
 * the form posts to the page, whose route action sends it on; a refused post comes back as `refused`, with what
 * was typed in it.
 */
export function ReviewForm({
  token,
  displayName,
  refused = null,
  onSent,
}: {
  token: string
  displayName: string
  refused?: (ReviewFormOutcome & {ok: false}) | null
  onSent: (message: string) => void
}) {
  const id = useId()
  const send = useSubmitReview(token)
  const [message, setMessage] = useState<FormMessageValue | null>(
    refused ? {text: refused.message, variant: 'destructive'} : null,
  )
  const typed = refused?.typed
  const messageRef = useRef<HTMLDivElement>(null)
  const {
    register,
    handleSubmit,
    setError,
    formState: {errors},
  } = useForm<ReviewFormValues, unknown, ReviewPayload>({
    // A radio group's value is the chosen input's text ("4"), whatever `valueAsNumber` says: the schema, shared
    // with the server (which refuses a rating sent as text), gets the number.
    resolver: (values, context, options) =>
      zodResolver(reviewFormSchema)(
        {...values, rating: values.rating ? Number(values.rating) : undefined} as ReviewFormValues,
        context,
        options,
      ),
    defaultValues: {
      text: typed?.text ?? '',
      displayName: typed?.displayName ?? displayName,
      consent: (typed?.consent ?? false) as unknown as true,
      ...(typed?.rating ? {rating: typed.rating as unknown as number} : {}),
    },
  })
  const show = (value: FormMessageValue) => {
    setMessage(value)
    requestAnimationFrame(() => messageRef.current?.focus())
  }
  const onValid = (review: ReviewPayload) =>
    send.mutate(review, {
      onSuccess: (answer) => onSent(answer.message),
      onError: (error) => {
        if (error instanceof ApiError)
          for (const [name, messages] of Object.entries(error.fieldErrors))
            if (name in reviewFormSchema.shape && messages[0])
              setError(name as keyof ReviewFormValues, {message: messages[0]})
        show({
          text:
            error instanceof ApiError && error.status < 500 && error.status > 0
              ? error.message
              : SUBMIT_REVIEW_FAILED,
          variant: 'destructive',
        })
      },
    })
  const described = (name: keyof ReviewFormValues) =>
    errors[name] ? {'aria-invalid': true, 'aria-describedby': `${id}-${name}-error`} : {}
  return (
    <form
      method="post"
      noValidate
      className="review-form"
      onSubmit={handleSubmit(onValid, () =>
        show({text: 'Please check the fields marked below.', variant: 'destructive'}),
      )}
    >
      <FormMessage ref={messageRef} message={message} />
      <fieldset className="field rating-choice" {...described('rating')}>
        <legend>
          Your rating<span aria-hidden="true"> *</span>
        </legend>
        <div className="rating-choice__options">
          {RATINGS.map((value) => (
            <label key={value} className="rating-choice__option">
              <input
                type="radio"
                value={value}
                defaultChecked={typed?.rating === String(value)}
                {...register('rating')}
              />
              <span aria-hidden="true" className="stars">
                {'★'.repeat(value)}
              </span>{' '}
              {value} {value === 1 ? 'star' : 'stars'}: {RATING_WORDS[value]}
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id={`${id}-rating-error`} className="field__error">
            {errors.rating.message}
          </p>
        ) : null}
      </fieldset>
      <Field id={`${id}-text`} label="Your review" error={errors.text?.message} required>
        <textarea
          id={`${id}-text`}
          rows={6}
          maxLength={REVIEW_TEXT_MAX}
          defaultValue={typed?.text}
          {...register('text')}
          {...described('text')}
        />
      </Field>
      <Field
        id={`${id}-displayName`}
        label="Name to show with your review"
        error={errors.displayName?.message}
        required
      >
        <input
          id={`${id}-displayName`}
          autoComplete="off"
          maxLength={REVIEW_NAME_MAX}
          // In the server's HTML too, before the form library has run.
          defaultValue={typed?.displayName ?? displayName}
          {...register('displayName')}
          {...described('displayName')}
        />
      </Field>
      <div className="field field--checkbox">
        <label>
          <input
            type="checkbox"
            defaultChecked={typed?.consent}
            {...register('consent')}
            {...described('consent')}
          />{' '}
          I agree that Cape Curated may publish my review, rating and the name above on this
          website.
        </label>
        {errors.consent ? (
          <p id={`${id}-consent-error`} className="field__error">
            {errors.consent.message}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button button--primary" disabled={send.isPending}>
        {send.isPending ? 'Sending…' : 'Send my review'}
      </button>
    </form>
  )
}
