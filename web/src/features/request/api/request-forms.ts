/** Which of the request page's plain forms was posted (a hidden `form` field), and so which API route takes it. */
export const REQUEST_FORMS = {
  accept: 'accept-proposal',
  departure: 'departure-choice',
  newLink: 'new-link',
} as const
