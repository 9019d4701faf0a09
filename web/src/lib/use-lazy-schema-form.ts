import {useRef, useState, type FormEvent} from 'react'
import type {ZodType} from 'zod'

import type {FormMessageValue} from '../components/ui/form-message'
import {firstFieldErrors, focusFirstInvalid, refusalOf} from './forms/refusal'

export type LazySchemaFormOptions<Field extends string, Payload, Answer> = {
  /** The form's `useId()`: a field's error is `<id>-<field>-error`. */
  id: string
  /** The fields that show their own error, in the order a summary names them. */
  fields: readonly Field[]
  /** The form's shared zod schema, imported when the form is first sent. */
  loadSchema: () => Promise<ZodType<Payload>>
  /** What the schema checks, from the fields as sent. */
  read: (data: FormData) => unknown
  url: string
  /** Said when the server cannot be reached or fails; a refusal (a 4xx) says the server's own words. */
  failed: string
  /** Said above the fields when the form's own check fails; without it, only the fields say what is wrong. */
  invalid?: string
  /** The server took it: what to say, or null when the form shows something else instead. */
  onSent: (answer: Answer, payload: Payload, form: HTMLFormElement) => FormMessageValue | null
  /** What the server said of the form when it was posted without script, shown as the page arrives. */
  refused?: {message: string; fieldErrors: Record<string, string[]>} | undefined
}

/**
 * Sends a plain form (the browser's own fields, no form library) to one of the functions, checked by the schema
 * the server applies. The schema loads with the code that posts it when the form is first sent: zod is most of a
 * form's weight and most visitors never send these forms (the schemas' zod is told not to probe for `eval`, which
 * the pages' Content-Security-Policy refuses: schemas/src/zod.ts). Plain fields keep what was typed before the page
 * hydrated. A second press while the first is still loading or sending counts once. The schema's and the
 * server's complaints about a field go beside that field.
 *
 * Give `messageRef` to the form's FormMessage to move focus to what went wrong.
 */
export function useLazySchemaForm<Field extends string, Payload, Answer = unknown>(
  options: LazySchemaFormOptions<Field, Payload, Answer>,
) {
  /** The first message per field of ours, from the server's `fieldErrors` or zod's issues. */
  const serverFieldErrors = (found: Record<string, readonly string[] | undefined>) =>
    firstFieldErrors(found, options.fields)

  const {refused} = options
  const [message, setMessage] = useState<FormMessageValue | null>(() =>
    refused ? {text: refused.message, variant: 'destructive'} : null,
  )
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>(() =>
    refused ? serverFieldErrors(refused.fieldErrors) : {},
  )
  const [pending, setPending] = useState(false)
  const messageRef = useRef<HTMLDivElement>(null)
  const sending = useRef(false)

  async function send(form: HTMLFormElement) {
    if (sending.current) return
    sending.current = true
    setPending(true)
    const data = new FormData(form)
    try {
      const [schema, {postJson}] = await Promise.all([options.loadSchema(), import('./post-json')])
      const parsed = schema.safeParse(options.read(data))
      if (!parsed.success) {
        const byField: Record<string, string[]> = {}
        for (const issue of parsed.error.issues)
          (byField[String(issue.path[0])] ??= []).push(issue.message)
        const found = serverFieldErrors(byField)
        setErrors(found)
        setMessage(options.invalid ? {text: options.invalid, variant: 'destructive'} : null)
        // A summary takes the focus; with none, the first field to put right (as use-submit-form.ts does).
        if (options.invalid) messageRef.current?.focus()
        else focusFirstInvalid(form, Object.keys(found), messageRef.current)
        return
      }
      setErrors({})
      setMessage(null)
      const answer = await postJson<Answer>(options.url, parsed.data, {fallback: options.failed})
      setMessage(options.onSent(answer, parsed.data, form))
    } catch (error) {
      // The server's own message and field errors for what it refused (a 4xx), else ours.
      const refusal = refusalOf(error)
      const found = refusal ? serverFieldErrors(refusal.fieldErrors) : {}
      setErrors(found)
      setMessage({text: refusal?.message ?? options.failed, variant: 'destructive'})
      focusFirstInvalid(form, Object.keys(found), messageRef.current)
    } finally {
      sending.current = false
      setPending(false)
    }
  }

  /** aria-invalid, and the field's error as its description, on a control whose field has an error. */
  const invalid = (name: Field) =>
    errors[name]
      ? {'aria-invalid': true as const, 'aria-describedby': `${options.id}-${name}-error`}
      : {}

  /** What a field component takes: its id, its name and its error. */
  const field = (name: Field) => ({id: `${options.id}-${name}`, name, error: errors[name]})

  return {
    field,
    /**
     * For the form element. Sent before the page has hydrated (and kept by the page's start-up script should its
     * scripts fail), the browser posts it to the page (server/create-site-app.ts), never putting names and emails
     * into the address as a GET would.
     */
    formProps: {
      method: 'post',
      noValidate: true,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault()
        void send(event.currentTarget)
      },
    } as const,
    message,
    messageRef,
    errors,
    pending,
    invalid,
  }
}
