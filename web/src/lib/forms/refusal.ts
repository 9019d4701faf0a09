/**
 * What a server said when it refused a form (a 4xx): its message and, per field, its complaints. The one place the
 * web reads a failed call's `.message` and `.fieldErrors`, whichever client class threw it, so a change to the
 * API's error body meets the forms here (docs/decisions/194-one-form-hook.md).
 */
export type Refusal = {status: number; message: string; fieldErrors: Record<string, string[]>}

/** The refusal a failed call carries, or null when the server could not be reached or failed (no 4xx). */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof Error) || !('status' in error)) return null
  const status = Number(error.status)
  if (!(status >= 400 && status < 500)) return null
  const fieldErrors =
    'fieldErrors' in error && error.fieldErrors && typeof error.fieldErrors === 'object'
      ? (error.fieldErrors as Record<string, string[]>)
      : {}
  return {status, message: error.message, fieldErrors}
}

/** The first complaint per field, for the fields a form shows. */
export function firstFieldErrors<Field extends string>(
  fieldErrors: Record<string, readonly string[] | undefined>,
  fields: readonly Field[],
): Partial<Record<Field, string>> {
  const byField: Partial<Record<Field, string>> = {}
  for (const [name, texts] of Object.entries(fieldErrors))
    if (fields.includes(name as Field) && texts?.[0] && !byField[name as Field])
      byField[name as Field] = texts[0]
  return byField
}

/**
 * Moves focus to the first control, in the page's order, named by one of `names`; else to `fallback` (the form's
 * message). A keyboard or screen-reader user lands on what to put right.
 */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  names: readonly string[],
  fallback: HTMLElement | null,
) {
  const wanted = new Set(names)
  for (const element of Array.from(form?.elements ?? [])) {
    if (!(element instanceof HTMLElement) || !('name' in element)) continue
    const name = String(element.name)
    if (!wanted.has(name) || (element as HTMLInputElement).type === 'hidden') continue
    if (element.closest('[hidden], [aria-hidden="true"]')) continue
    element.focus()
    if (element.ownerDocument.activeElement === element) return
  }
  fallback?.focus()
}
