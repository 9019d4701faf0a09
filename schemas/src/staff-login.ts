import {z} from './zod.ts'

/**
 * The sign-in request, checked on the server. Kept apart from staff-roles.ts, which the dashboard loads: zod's
 * object schemas probe for `eval` when built, which the site's Content-Security-Policy refuses and reports.
 */
export const staffLoginSchema = z.object({
  /** The first owner may leave the email out (see functions/staff/README.md). */
  email: z.string().trim().toLowerCase().email().max(254).optional(),
  password: z.string().min(1).max(500),
  /** The second step: a 6-digit code from an authenticator app, or a recovery code. */
  code: z.string().trim().max(20).optional(),
})
