import {useMutation} from '@tanstack/react-query'
import {useId, useState} from 'react'
import {useForm, type Resolver} from 'react-hook-form'

import {
  NEWSLETTER_REQUIRED_MESSAGE,
  NEWSLETTER_SUCCESS_MESSAGE,
} from '@repo/schemas/newsletter-messages.ts'
import type {
  NewsletterSignupFormValues,
  NewsletterSignupPayload,
} from '@repo/schemas/newsletter-signup.ts'

import {FormMessage, type FormMessageValue} from '../../../components/ui/form-message'
import {ApiError, postJson} from '../../../lib/post-json'

type NewsletterFormProps = {
  heading: string
  text: string
  consentLabel: string
  buttonLabel: string
}

const FAILED = 'Failed to sign up. Please try again.'

/**
 * The shared zod schema, loaded when the form first validates (on submit) rather than with the home page: zod is
 * most of the form's weight, and most visitors never sign up.
 */
const newsletterResolver: Resolver<
  NewsletterSignupFormValues,
  unknown,
  NewsletterSignupPayload
> = async (values, context, options) => {
  const [{zodResolver}, {newsletterSignupSchema}] = await Promise.all([
    import('@hookform/resolvers/zod'),
    import('@repo/schemas/newsletter-signup.ts'),
  ])
  return zodResolver(newsletterSignupSchema)(values, context, options)
}

/** The newsletter sign-up (spec §2 Home, §5): name, email and consent required; stored once per email. */
export function NewsletterForm({heading, text, consentLabel, buttonLabel}: NewsletterFormProps) {
  const id = useId()
  const [message, setMessage] = useState<FormMessageValue | null>(null)
  const {
    register,
    handleSubmit,
    reset,
    formState: {errors},
  } = useForm<NewsletterSignupFormValues, unknown, NewsletterSignupPayload>({
    resolver: newsletterResolver,
    defaultValues: {name: '', email: '', consent: false as unknown as true, website: ''},
  })
  const signup = useMutation({
    mutationFn: (payload: NewsletterSignupPayload) =>
      postJson('/api/newsletter-signups', payload, {fallback: FAILED}),
    onSuccess: () => {
      reset()
      setMessage({text: NEWSLETTER_SUCCESS_MESSAGE, variant: 'success'})
    },
    onError: (error) =>
      setMessage({
        text:
          error instanceof ApiError && error.status < 500 && error.status > 0
            ? error.message
            : FAILED,
        variant: 'destructive',
      }),
  })
  const invalid = (name: keyof NewsletterSignupFormValues) =>
    errors[name] ? {'aria-invalid': true, 'aria-describedby': `${id}-error`} : {}
  const firstError = errors.name?.message ?? errors.email?.message ?? errors.consent?.message

  return (
    <form
      className="info-card"
      // Sent before the page has hydrated, the browser posts it to the page (see create-site-app.ts) rather
      // than putting names and emails into the address.
      method="post"
      aria-labelledby={`${id}-heading`}
      data-form="newsletter"
      noValidate
      onSubmit={(event) =>
        void handleSubmit(
          (payload) => {
            setMessage(null)
            signup.mutate({
              ...payload,
              sourcePage: typeof window === 'undefined' ? '' : window.location.pathname,
            })
          },
          () => setMessage({text: NEWSLETTER_REQUIRED_MESSAGE, variant: 'destructive'}),
        )(event)
      }
    >
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>{text}</p>
      <FormMessage message={message} />
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} autoComplete="name" {...register('name')} {...invalid('name')} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input
            id={`${id}-email`}
            type="email"
            autoComplete="email"
            {...register('email')}
            {...invalid('email')}
          />
        </div>
      </div>
      <p className="checkbox">
        <input
          id={`${id}-consent`}
          type="checkbox"
          {...register('consent')}
          {...invalid('consent')}
        />
        <label htmlFor={`${id}-consent`}>{consentLabel}</label>
      </p>
      {firstError ? (
        <p id={`${id}-error`} className="field__error">
          {firstError}
        </p>
      ) : null}
      <div className="visually-hidden" aria-hidden="true">
        <label htmlFor={`${id}-website`}>Website</label>
        <input id={`${id}-website`} tabIndex={-1} autoComplete="off" {...register('website')} />
      </div>
      <button type="submit" className="button button--primary" disabled={signup.isPending}>
        {signup.isPending ? 'Submitting...' : buttonLabel}
      </button>
    </form>
  )
}
