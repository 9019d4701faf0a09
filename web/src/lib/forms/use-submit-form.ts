import {zodResolver} from '@hookform/resolvers/zod'
import {useMutation} from '@tanstack/react-query'
import {useId, useRef, useState, type FormEvent} from 'react'
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form'
import type {z} from 'zod'

import type {FormMessageValue} from '../../components/ui/form-message'
import {useSay} from '../../i18n/say'
import {newIdempotencyKey} from '../post-json'
import {focusFirstInvalid, refusalOf, type Refusal} from './refusal'

export type SubmitFormOptions<Schema extends z.ZodObject, Answer> = {
  /** The shared schema the server parses again: the form's rules and the names of its fields. */
  schema: Schema
  /** Only where the fields' values need turning into the schema's input first (a radio group's number). */
  resolver?: Resolver<z.input<Schema>, unknown, z.output<Schema>>
  defaultValues: DefaultValues<z.input<Schema>>
  /** Posts the payload; one idempotency key per attempt, renewed once the server has taken it. */
  send: (payload: z.output<Schema>, idempotencyKey: string) => Promise<Answer>
  /** Said when the server cannot be reached or fails; a refusal (a 4xx) says the server's own words. */
  failed: string
  /**
   * What to say above the fields when the form's own check fails (each field says its own beside it). A summary
   * takes the focus, as the page's first word on what to put right; with none (null), the first field to put right
   * does.
   */
  invalid: (errors: FieldErrors) => FormMessageValue | null
  /** The server took it: what to say (null: the form shows something else). */
  sent: (answer: Answer, payload: z.output<Schema>) => FormMessageValue | null
  /** After a refusal's field errors are on their fields: what else the form does with it. */
  refused?: (refusal: Refusal, error: unknown) => void
  /**
   * Set to refuse here, with this message, a form whose honeypot (`website`) is filled: nothing is sent. Unset, the
   * server is left to answer it as it answers bots.
   */
  honeypot?: string
  /** What the server said of the form posted without script, shown as the page arrives. */
  initialRefusal?: {message: string} | null | undefined
}

/**
 * The house's one form hook: react-hook-form with the shared zod schema, a TanStack mutation, the server's field
 * errors put on their fields, focus on the first field to put right (else on the form's message), the form's message
 * and the honeypot. Fields take `field(name)` (components/ui/field.tsx), the form element `formProps`.
 * See docs/decisions/194-one-form-hook.md.
 */
export function useSubmitForm<Schema extends z.ZodObject, Answer>(
  options: SubmitFormOptions<Schema, Answer>,
) {
  type Values = z.input<Schema> & FieldValues
  type Payload = z.output<Schema>
  const base = useId()
  // The schema's and the server's messages, in the page's language.
  const say = useSay()
  const id = (name: string) => `${base}-${name}`
  const fieldNames = Object.keys(options.schema.shape)
  const formRef = useRef<HTMLFormElement>(null)
  const messageRef = useRef<HTMLDivElement>(null)
  const idempotencyKey = useRef(newIdempotencyKey())
  const [message, setMessage] = useState<FormMessageValue | null>(() =>
    options.initialRefusal ? {text: options.initialRefusal.message, variant: 'destructive'} : null,
  )

  const form = useForm<Values, unknown, Payload>({
    resolver:
      (options.resolver as Resolver<Values, unknown, Payload> | undefined) ??
      (zodResolver(options.schema as never) as unknown as Resolver<Values, unknown, Payload>),
    defaultValues: options.defaultValues as DefaultValues<Values>,
    // Focus goes to the summary, or to the first field in the page's order as for a refusal (below).
    shouldFocusError: false,
  })
  const {errors} = form.formState

  const focusMessage = () => requestAnimationFrame(() => messageRef.current?.focus())
  const show = (value: FormMessageValue) => {
    setMessage(value)
    focusMessage()
  }

  const mutation = useMutation({
    mutationFn: (payload: Payload) => options.send(payload, idempotencyKey.current),
    onSuccess: (answer, payload) => {
      idempotencyKey.current = newIdempotencyKey()
      setMessage(options.sent(answer, payload))
    },
    onError: (error) => {
      const refusal = refusalOf(error)
      if (!refusal) return show({text: options.failed, variant: 'destructive'})
      const named: string[] = []
      for (const [name, texts] of Object.entries(refusal.fieldErrors))
        if (fieldNames.includes(name) && texts[0]) {
          form.setError(name as Path<Values>, {message: texts[0]})
          named.push(name)
        }
      options.refused?.(refusal, error)
      setMessage({text: refusal.message, variant: 'destructive'})
      focusFirstInvalid(formRef.current, named, messageRef.current)
    },
  })

  const onValid = (payload: Payload) => {
    if (options.honeypot && (payload as {website?: unknown}).website)
      return show({text: options.honeypot, variant: 'destructive'})
    setMessage(null)
    mutation.mutate(payload)
  }
  const onInvalid = (invalid: FieldErrors<Values>) => {
    const summary = options.invalid(invalid)
    if (summary) return show(summary)
    setMessage(null)
    focusFirstInvalid(formRef.current, Object.keys(invalid), messageRef.current)
  }

  /** What a field component takes: its id, its error, and the form library's registration. */
  const field = <Name extends Path<Values>>(name: Name) => ({
    id: id(name),
    error: errors[name]?.message ? say(errors[name].message as string) : undefined,
    ...form.register(name),
  })

  return {
    form,
    register: form.register,
    errors,
    id,
    field,
    /** The honeypot's input, for HoneypotField. */
    honeypot: () => ({id: id('website'), ...form.register('website' as Path<Values>)}),
    message: message && {...message, text: say(message.text)},
    setMessage,
    /** Shows a message and moves focus to it. */
    show,
    messageRef,
    mutation,
    pending: mutation.isPending,
    /**
     * For the form element. Sent before the page has hydrated, the browser posts it to the page
     * (server/create-site-app.ts), never putting names and emails into the address as a GET would.
     */
    formProps: {
      'ref': formRef,
      'method': 'post',
      'noValidate': true,
      'aria-busy': mutation.isPending,
      'onSubmit': (event: FormEvent<HTMLFormElement>) =>
        void form.handleSubmit(onValid, onInvalid)(event),
    } as const,
  }
}
