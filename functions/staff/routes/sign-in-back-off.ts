import type {Context} from 'hono'

import {refuse} from '../send-result.ts'

// The login back-off's accounts and answer (login-rate-limit.ts), shared by sign-in and `/reauthenticate`.

/** Sign-ins with no email are the first owner's; its back-off is counted under this name. */
export const FIRST_OWNER_ACCOUNT = 'first-owner'
/** Failed passkey sign-ins name no account: they share one back-off. */
export const PASSKEY_ACCOUNT = 'passkeys'

/** The back-off's answer while an account waits. */
export const tooManyAttempts = (c: Context, waitMs: number) =>
  refuse(
    c,
    429,
    'Too many attempts. Try again later.',
    {},
    {'Retry-After': String(Math.ceil(waitMs / 1000))},
  )
