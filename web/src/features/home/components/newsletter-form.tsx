import {useId} from 'react'

type NewsletterFormProps = {
  heading: string
  text: string
  consentLabel: string
  buttonLabel: string
}

/**
 * The newsletter sign-up's fields (spec §2 Home, §5: name, email and consent required). Sending it, and the
 * "Thanks — you're on the list." confirmation, belong to the write paths, which attach their submit handler here.
 */
export function NewsletterForm({heading, text, consentLabel, buttonLabel}: NewsletterFormProps) {
  const id = useId()
  return (
    <form
      className="info-card"
      aria-labelledby={`${id}-heading`}
      data-form="newsletter"
      method="post"
      action="/api/newsletter"
    >
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p>{text}</p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-name`}>Name</label>
          <input id={`${id}-name`} name="name" autoComplete="name" required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>Email</label>
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required />
        </div>
      </div>
      <p className="checkbox">
        <input id={`${id}-consent`} name="marketingConsent" type="checkbox" required />
        <label htmlFor={`${id}-consent`}>{consentLabel}</label>
      </p>
      <button type="submit" className="button button--primary">
        {buttonLabel}
      </button>
    </form>
  )
}
