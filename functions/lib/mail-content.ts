import type {SanityClient} from '@sanity/client'

import {
  mailTemplateKind,
  placeholderValuesFor,
  renderMail,
  usableTemplate,
  type MailBrand,
  type MailTemplate,
  type MailTemplateKind,
  type PlaceholderValues,
} from '@repo/schemas/mail-templates.ts'

import {DEFAULT_REPLY_PROMISE} from '@repo/schemas/content-rules.ts'
import type {TripDetails} from '@repo/schemas/trip-details.ts'

import type {MailMessage} from './mailer.ts'
import {mailContentQuery} from './queries/mail-content-query.ts'

/**
 * What every mail needs from the published content: the editors' templates and the brand from site
 * settings (company name, sender, signature), so the brand in mails is the brand on the site.
 */
export type MailContent = {
  templates: Partial<Record<MailTemplateKind, MailTemplate>>
  brand: MailBrand
  /** `"Name" <address>` from site settings; unset, the server's MAIL_FROM. */
  from?: string
  /** Site settings' email: where the team's mails go while TEAM_EMAIL is unset. */
  teamAddress?: string
  /** Where and when each experience's trips start, by the experience's slug (the bookings' `experience_id`). */
  trips?: Record<string, TripDetails>
}

/** No CR, LF or quote may reach the From header; the address part is checked as an address. */
const displayName = (value: string) =>
  value
    .replace(/[\r\n"\\\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/

export async function loadMailContent(content: SanityClient): Promise<MailContent> {
  const {templates, settings, trips} = await content.fetch(
    mailContentQuery,
    {},
    {perspective: 'published'},
  )
  const company = settings?.siteName?.trim() || ''
  const name = displayName(settings?.mailFromName?.trim() || company)
  const address = settings?.mailFromAddress?.trim() || settings?.email?.trim() || ''
  return {
    templates: Object.fromEntries(
      templates
        .filter((t) => t.subject?.trim() && t.body?.trim())
        .map((t) => [t.kind, {subject: t.subject!, body: t.body!}]),
    ),
    brand: {
      company,
      signature: settings?.mailSignature?.trim() || (company ? `The ${company} team` : ''),
      replyPromise: settings?.replyPromise?.trim() || DEFAULT_REPLY_PROMISE,
    },
    from: ADDRESS.test(address) ? (name ? `"${name}" <${address}>` : address) : undefined,
    ...(settings?.email && ADDRESS.test(settings.email.trim())
      ? {teamAddress: settings.email.trim()}
      : {}),
    trips: Object.fromEntries((trips ?? []).map(({slug, ...trip}) => [slug, trip])),
  }
}

/** One mail of `kind`, filled from the editors' template (or the default text while it has none). */
export function composeMail(
  kind: MailTemplateKind,
  values: PlaceholderValues,
  content: MailContent,
  envelope: {to: string; replyTo?: string},
): MailMessage {
  // A template saved before a rule changed (or written past the studio) is not used as it stands: its kind's
  // default is, and only the kind's own placeholders are filled.
  const template = usableTemplate(kind, content.templates[kind])
  const rendered = renderMail(
    template,
    placeholderValuesFor(kind, {
      company: content.brand.company,
      replyPromise: content.brand.replyPromise ?? DEFAULT_REPLY_PROMISE,
      ...values,
    }),
    // The team's own mails are internal notes: no sign-off to themselves ("Warm wishes from Cape Town").
    mailTemplateKind(kind)?.to === 'team' ? {...content.brand, signature: ''} : content.brand,
  )
  // An empty recipient is the team's while TEAM_EMAIL is unset (env.ts): the brand's address in site settings.
  const to = envelope.to || content.teamAddress || ''
  return {...envelope, to, ...rendered, ...(content.from ? {from: content.from} : {})}
}

/** How long one read of the mail content serves further mails: an editor's published change reaches the next. */
export const MAIL_CONTENT_MAX_AGE_MS = 2_000

/**
 * The mail content for the mail about to be composed: read once, then shared for at most two seconds, so a burst
 * of requests costs one query and an editor's change is in every mail composed after it.
 */
export function mailContentLoader(
  content: SanityClient,
  {
    maxAgeMs = MAIL_CONTENT_MAX_AGE_MS,
    now = Date.now,
  }: {maxAgeMs?: number; now?: () => number} = {},
): () => Promise<MailContent> {
  let cached: {at: number; value: Promise<MailContent>} | undefined
  return () => {
    if (cached && now() - cached.at < maxAgeMs) return cached.value
    const value = loadMailContent(content)
    const entry = {at: now(), value}
    cached = entry
    // A failed read is not kept: the next mail asks the lake again.
    value.catch(() => {
      if (cached === entry) cached = undefined
    })
    return value
  }
}

/** Yes or No, for the team's table: never `true` or `false`. */
export const yesNo = (value: boolean | undefined) => (value ? 'Yes' : 'No')
