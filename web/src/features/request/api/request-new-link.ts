import {useMutation} from '@tanstack/react-query'

import {postJson} from '../../../lib/post-json'

export const NEW_LINK_FAILED = 'We could not send a new link just now. Please try again.'

export type NewLinkInput = {reference: string; email: string}

/** Asks for a new link by reference and email; the answer is the same whether or not they matched. */
export const useRequestNewLink = () =>
  useMutation({
    mutationFn: (input: NewLinkInput) =>
      postJson<{message: string}>('/api/requests/link', input, {fallback: NEW_LINK_FAILED}),
  })
