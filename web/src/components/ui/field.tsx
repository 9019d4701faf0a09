import type {ReactNode} from 'react'

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
      {error ? (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      ) : null}
    </div>
  )
}
