import {validationMessageKey} from '@repo/schemas/validation-messages.ts'

import {useT} from './i18n'

/**
 * A shared schema's or a function's message (English, as they give it) in the page's language, where its key is
 * known (schemas/src/validation-messages.ts); as given otherwise. A module of its own: the key table reads the
 * request schemas' messages, which only the forms' chunks load.
 */
export function useSay(): (message: string) => string {
  const t = useT()
  return (message) => {
    const known = validationMessageKey(message)
    return known ? t(known.key, known.values) : message
  }
}
