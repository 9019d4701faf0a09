import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react'

/**
 * A form field as every form shows it: the label (a star, hidden from screen readers, when required), a hint,
 * the control, and its error. The control names the hint and the error with `aria-describedby` (`<id>-hint`,
 * `<id>-error`): see `described`.
 */
export function Field({
  id,
  label,
  error,
  hint,
  children,
  required,
  live,
  after,
}: {
  id: string
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  children: ReactNode
  required?: boolean | undefined
  live?: boolean | undefined
  after?: ReactNode
}) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} live={live} />
      {after}
    </div>
  )
}

/** A control's error, named by the control's `aria-describedby={`${id}-error`}`; nothing without one. */
export function FieldError({
  id,
  error,
  live,
}: {
  id: string
  error?: string | undefined
  /** Said as an alert: an error that comes as the person chooses, not when the form is sent. */
  live?: boolean | undefined
}) {
  return error ? (
    <p id={`${id}-error`} className="field__error" role={live ? 'alert' : undefined}>
      {error}
    </p>
  ) : null
}

/** A control's hint, named by its `aria-describedby={`${id}-hint`}`; nothing without one. */
export function FieldHint({id, hint}: {id: string; hint?: ReactNode}) {
  return hint ? (
    <p id={`${id}-hint`} className="muted">
      {hint}
    </p>
  ) : null
}

/**
 * What a control says of itself: `aria-invalid` with an error, the hint and the error as its description, and
 * `required` (the browser's attribute; the forms check with their schema, `noValidate`).
 */
export function described({
  id,
  error,
  hint,
  required,
  also,
}: {
  id: string
  error?: string | undefined
  hint?: ReactNode
  required?: boolean | undefined
  /** The control's own `aria-describedby`: what else describes it (a form's problem, say). */
  also?: string | undefined
}) {
  const ids = [also, hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean)
  return {
    id,
    ...(required ? {required: true} : {}),
    ...(error ? {'aria-invalid': true as const} : {}),
    ...(ids.length ? {'aria-describedby': ids.join(' ')} : {}),
  }
}

/** What every field component takes besides its control's own attributes. */
type FieldProps = {
  id: string
  label: ReactNode
  error?: string | undefined
  hint?: ReactNode
  required?: boolean | undefined
  /** False where every field is required and the form marks none (the staff's forms). */
  requiredMark?: boolean | undefined
}

/** For a field checked as the person chooses (the trip's date and time). */
type LiveFieldProps = {
  /** The error comes as the person chooses: said as an alert. */
  live?: boolean | undefined
  /** What follows the error inside the field (a status, choices the error offers). */
  after?: ReactNode
}

/**
 * A field component's props parted: what the frame (`Field`) takes, and the control's own attributes with what it
 * says of itself (`described`).
 */
function parted<
  Props extends FieldProps & LiveFieldProps & {'aria-describedby'?: string | undefined},
>({id, label, error, hint, required, requiredMark = true, live, after, ...control}: Props) {
  return {
    frame: {id, label, error, hint, required: required && requiredMark, live, after},
    control: {
      ...control,
      ...described({id, error, hint, required, also: control['aria-describedby']}),
    },
  }
}

/** A text, email, tel, number, date or password input in its field. */
export function TextField({
  ref,
  ...props
}: FieldProps &
  LiveFieldProps &
  InputHTMLAttributes<HTMLInputElement> & {ref?: Ref<HTMLInputElement>}) {
  const {frame, control} = parted(props)
  return (
    <Field {...frame}>
      <input ref={ref} {...control} />
    </Field>
  )
}

export function TextareaField({
  ref,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement> & {ref?: Ref<HTMLTextAreaElement>}) {
  const {frame, control} = parted(props)
  return (
    <Field {...frame}>
      <textarea ref={ref} {...control} />
    </Field>
  )
}

/** A select whose first option, `placeholder`, is the empty choice. */
export function SelectField({
  ref,
  placeholder,
  options,
  ...props
}: FieldProps &
  LiveFieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & {
    ref?: Ref<HTMLSelectElement>
    placeholder: string
    options: readonly (string | {readonly value: string; readonly title: string})[]
  }) {
  const {frame, control} = parted(props)
  return (
    <Field {...frame}>
      <select ref={ref} {...control}>
        <option value="">{placeholder}</option>
        {options.map((option) => {
          const {value, title} =
            typeof option === 'string' ? {value: option, title: option} : option
          return (
            <option key={value} value={value}>
              {title}
            </option>
          )
        })}
      </select>
    </Field>
  )
}

/**
 * A checkbox with its label beside it. A hint (a link, say) sits beside the label, never inside it, so a tap on the
 * label ticks the box and never leaves the form; being something to reach rather than to hear, it is no description.
 */
export function CheckboxField({
  id,
  label,
  error,
  hint,
  required,
  requiredMark = true,
  ref,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement> & {ref?: Ref<HTMLInputElement>}) {
  return (
    <div className="field field--checkbox">
      <input
        ref={ref}
        type="checkbox"
        {...input}
        {...described({id, error, required, also: input['aria-describedby']})}
      />
      <div>
        <label htmlFor={id}>
          {label}
          {required && requiredMark ? <span aria-hidden="true"> *</span> : null}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="checkbox__hint">
            {hint}
          </p>
        ) : null}
        <FieldError id={id} error={error} />
      </div>
    </div>
  )
}

/**
 * What stops a whole form, said once below its fields as an alert; the controls it concerns name it with their
 * `aria-describedby`. Nothing without one.
 */
export function FormProblem({id, problem}: {id: string; problem: string | null}) {
  return problem ? (
    <p id={id} className="field__error" role="alert">
      {problem}
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
}: {id: string} & InputHTMLAttributes<HTMLInputElement> & {ref?: Ref<HTMLInputElement>}) {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input id={id} name="website" tabIndex={-1} autoComplete="off" {...input} />
    </div>
  )
}
