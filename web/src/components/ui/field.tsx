import type {InputHTMLAttributes, ReactNode} from 'react'

/**
 * A form field as the traveller forms show it: the label (a star, hidden from screen readers, when required),
 * the control, and its error, which the control names with `aria-describedby={`${id}-error`}`.
 */
export function Field({
  id,
  label,
  error,
  children,
  required,
}: {
  id: string
  label: string
  error?: string | undefined
  children: ReactNode
  required?: boolean
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      <FieldError id={id} error={error} />
    </div>
  )
}

/** A control's error, named by the control's `aria-describedby={`${id}-error`}`; nothing without one. */
export function FieldError({id, error}: {id: string; error?: string | undefined}) {
  return error ? (
    <p id={`${id}-error`} className="field__error">
      {error}
    </p>
  ) : null
}

/**
 * The field only bots fill (the schemas' `website`): hidden from people and screen readers, out of the tab order
 * and of autofill, so a filled one tells the server a bot sent the form.
 */
export function HoneypotField({
  id,
  ...input
}: {id: string} & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input id={id} name="website" tabIndex={-1} autoComplete="off" {...input} />
    </div>
  )
}
