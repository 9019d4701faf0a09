/**
 * A traveller's request about their own personal information (POPIA s23–24): a copy of everything held about their
 * address, its erasure, or a correction. Shared by the privacy page's form and the function that takes it; the form's zod schema is in
 * privacy-requests.ts, loaded only when the form is sent.
 */
export const PRIVACY_REQUEST_KINDS = ['access', 'erasure', 'correction'] as const
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number]

export const PRIVACY_REQUEST_KIND_TITLES: Record<PrivacyRequestKind, string> = {
  access: 'A copy of my information',
  erasure: 'Delete my information',
  correction: 'Correct my information',
}

export const CORRECTION_MAX_LENGTH = 1000
