/** Which of the request page's plain forms was posted (a hidden `form` field), and so which API route takes it. */
export const REQUEST_FORMS = {
  accept: 'accept-proposal',
  departure: 'departure-choice',
  newLink: 'new-link',
  /** "Withdraw my request" without script: the page asks to confirm, as the dialog does with script. */
  withdrawAsk: 'withdraw-ask',
  /** The confirmation's "Yes, withdraw it". */
  withdraw: 'withdraw',
} as const

/** The action's answer to `withdrawAsk`: nothing changed yet, the page shows the confirmation step. */
export type WithdrawConfirmStep = {step: 'confirm-withdraw'}
