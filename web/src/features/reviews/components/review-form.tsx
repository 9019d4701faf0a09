import {zodResolver} from '@hookform/resolvers/zod'

import {MAX_RATING, MIN_RATING} from '@repo/schemas/review-ratings.ts'
import {
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MAX,
  reviewFormSchema,
  type ReviewFormValues,
  type ReviewPayload,
} from '@repo/schemas/reviews.ts'

import {CheckboxField, TextareaField, TextField} from '../../../components/ui/field'
import {FormMessage} from '../../../components/ui/form-message'
import {useSubmitForm} from '../../../lib/forms/use-submit-form'
import {SUBMIT_REVIEW_FAILED, submitReview} from '../api/submit-review'
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
  const typed = refused?.typed
  const {formProps, field, register, id, errors, message, messageRef, pending} = useSubmitForm({
    schema: reviewFormSchema,
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
    send: (review: ReviewPayload) => submitReview(token, review),
    failed: SUBMIT_REVIEW_FAILED,
    invalid: () => ({text: 'Please check the fields marked below.', variant: 'destructive'}),
    sent: (answer) => {
      onSent(answer.message)
      return null
    },
    initialRefusal: refused,
  })
  return (
    <form className="review-form" {...formProps}>
      <FormMessage ref={messageRef} message={message} />
      <fieldset
        className="field rating-choice"
        {...(errors.rating
          ? {'aria-invalid': true, 'aria-describedby': `${id('rating')}-error`}
          : {})}
      >
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
          <p id={`${id('rating')}-error`} className="field__error">
            {errors.rating.message}
          </p>
        ) : null}
      </fieldset>
      <TextareaField
        label="Your review"
        required
        rows={6}
        maxLength={REVIEW_TEXT_MAX}
        defaultValue={typed?.text}
        {...field('text')}
      />
      <TextField
        label="Name to show with your review"
        required
        autoComplete="off"
        maxLength={REVIEW_NAME_MAX}
        // In the server's HTML too, before the form library has run.
        defaultValue={typed?.displayName ?? displayName}
        {...field('displayName')}
      />
      <CheckboxField
        label="I agree that Cape Curated may publish my review, rating and the name above on this website."
        defaultChecked={typed?.consent}
        {...field('consent')}
      />
      <button type="submit" className="button button--primary" disabled={pending}>
        {pending ? 'Sending…' : 'Send my review'}
      </button>
    </form>
  )
}
