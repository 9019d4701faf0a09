import type {SanityClient} from '@sanity/client'

import {
  RESET_REQUESTED_MESSAGE,
  staffInviteSchema,
  staffResetRequestSchema,
  staffSetPasswordSchema,
} from '@repo/schemas/staff-people.ts'
import {escapeHtml} from '@repo/schemas/mail-templates.ts'
import {STAFF_ROLE_TITLES} from '@repo/schemas/staff-roles.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'

import {outboxMailDocument} from '../lib/mailer.ts'
import {REDACTED_LINK, SEALED_LINK_SLOT, sealLink} from '../lib/sealed-link.ts'
import {hashPassword} from './admin-password.ts'
import {passwordGuesses, passwordProblem} from './password-strength.ts'
import {
  findStaffMember,
  personRow,
  staffMemberDocument,
  type StaffMember,
} from './staff-accounts.ts'
import type {LoginRateLimit} from './login-rate-limit.ts'
import {openInvitationsQuery} from './queries/open-invitations-query.ts'
import {openSessionIdsQuery} from './queries/open-session-ids-query.ts'
import {passkeyCountQuery} from './queries/passkey-count-query.ts'
import type {HandlerResult} from './staff-deps.ts'
import type {SessionPerson} from './staff-session-store.ts'
import {createToken, liveToken, tokenDocumentId, type TokenPurpose} from './staff-tokens.ts'

/**
 * Invitations and password resets by mail. The owner invites a person (name, email, role); the mail's link opens
 * the dashboard with the token in the address's fragment (`#invite=…`, `#reset=…`), which browsers never send to a
 * server, so no access log or Referer holds it. Setting the password checks its strength, uses the token once and
 * makes an invited person active. A reset is asked for by address: the answer is the same, and given before any
 * work, whether or not the address has an account.
 */
export type InvitationDeps = {
  client: SanityClient
  now: () => Date
  /** The site's own origin, for the link in the mail. */
  siteUrl: string
  /** Nudges this server's outbox to send what was queued. */
  queued: () => void
  /** The request links' secret, which every server's outbox holds: the link is queued sealed with it. */
  linkSecret: () => string
  /**
   * The company's name from site settings (the brand in mails; empty while it has none): an invitation names it,
   * and it is one of a password's first guesses.
   */
  company: () => Promise<string>
  /** The login back-off, reused to bound reset mails per address (after the answer, so it tells nothing). */
  rateLimit?: () => LoginRateLimit
}

const LINK_FRAGMENT: Record<TokenPurpose, string> = {invite: 'invite', reset: 'reset'}

/**
 * An invitation names the company and the person who sent it, so the mail reads as one from a colleague, not as
 * an anonymous request to set a password; a reset names nobody (it was asked for by address).
 */
async function queueLinkMail(
  deps: InvitationDeps,
  person: Pick<StaffMember, '_id' | 'name' | 'email' | 'role'>,
  purpose: TokenPurpose,
  inviter?: Pick<SessionPerson, 'name'>,
) {
  const now = deps.now()
  const token = await createToken(deps.client, purpose, person._id, now)
  // A reset removes every passkey (docs/decisions/157-sign-in-methods-need-a-fresh-proof.md): the mail says so.
  const passkeys =
    purpose === 'reset'
      ? ((await deps.client.fetch(passkeyCountQuery, {id: person._id})) ?? 0)
      : 0
  const link = SEALED_LINK_SLOT
  const company = purpose === 'invite' ? await deps.company() : ''
  const dashboard = company ? `the ${company} staff dashboard` : 'the staff dashboard'
  const given = inviter?.name ? `${inviter.name} has given you` : 'You have been given'
  const subject =
    purpose === 'invite'
      ? inviter?.name
        ? `${inviter.name} invites you to ${dashboard}`
        : `You are invited to ${dashboard}`
      : 'Set a new staff password'
  const lines =
    purpose === 'invite'
      ? [
          `Hello ${person.name},`,
          `${given} a staff account (${STAFF_ROLE_TITLES[person.role]}) on ${dashboard}, where the team answers booking requests. Choose your password here within 7 days:`,
          link,
          'The link works once. If you did not expect this, you can ignore this mail.',
        ]
      : [
          `Hello ${person.name},`,
          'Someone asked to set a new password for your staff account. Choose one here within the hour:',
          link,
          ...(passkeys > 0
            ? [
                `Your account has ${passkeys === 1 ? 'one passkey' : `${passkeys} passkeys`}. Setting a new password from this link removes ${passkeys === 1 ? 'it' : 'them all'}, so that none added by someone else still signs in: add yours again once you are signed in.`,
              ]
            : []),
          'The link works once. If it was not you, ignore this mail: your password stays as it is.',
        ]
  const body = (withLink: boolean) => ({
    text: lines.map((line) => (line === link && !withLink ? REDACTED_LINK : line)).join('\n\n'),
    html: lines
      .map((line) =>
        line !== link
          ? `<p>${escapeHtml(line)}</p>`
          : withLink
            ? `<p><a href="${escapeHtml(link)}">${escapeHtml(purpose === 'invite' ? 'Choose your password' : 'Set a new password')}</a></p>`
            : `<p>${escapeHtml(REDACTED_LINK)}</p>`,
      )
      .join('\n'),
  })
  const mailId = `staff-${purpose}-${tokenDocumentId(token).slice(-16)}`
  // The lake only ever holds the link sealed (the outbox opens it as it sends); once the mail is sent or given up,
  // the seal goes too and the mail log keeps the redacted body.
  await deps.client.create({
    ...outboxMailDocument(
      mailId,
      {to: person.email!, subject, ...body(true)},
      person._id,
      now.toISOString(),
    ),
    redacted: body(false),
    sealed_link: sealLink(
      `${deps.siteUrl}/admin/bookings#${LINK_FRAGMENT[purpose]}=${token}`,
      deps.linkSecret(),
    ),
  })
  deps.queued()
}

/** `POST /people`: a new person, invited; 409 when the address already has an account. */
export async function invitePerson(
  deps: InvitationDeps,
  body: unknown,
  by: SessionPerson,
): Promise<HandlerResult> {
  const parsed = staffInviteSchema.safeParse(body)
  if (!parsed.success)
    return {status: 400, body: {error: parsed.error.issues[0]?.message ?? 'Invalid invitation.'}}
  const {name, email, role} = parsed.data
  if (await findStaffMember(deps.client, email)) {
    return {status: 409, body: {error: 'That address already has an account.'}}
  }
  const document = {
    ...staffMemberDocument({name, email, role, now: deps.now()}),
    state: 'invited' as const,
    invitedBy: by.id,
  }
  await deps.client.create(document)
  await queueLinkMail(deps, document, 'invite', by)
  return {status: 200, body: {person: personRow(document)}}
}

/**
 * `POST /people/:id/invitation`: a new invitation for someone who has not accepted theirs (it expired, or the mail
 * never arrived). Their earlier links stop working, so only the newest mail can set the password.
 */
export async function inviteAgain(
  deps: InvitationDeps,
  id: string,
  by: SessionPerson,
): Promise<HandlerResult> {
  const person = await deps.client.getDocument<StaffMember & {_type: string}>(id)
  if (person?._type !== 'staffMember') return {status: 404, body: {error: 'Person not found.'}}
  // Invited, or invited once and their access ended before they accepted: a password means they did accept.
  if (person.state === 'active' || person.password || !person.email)
    return {
      status: 409,
      body: {error: `${person.name} has already accepted an invitation.`},
    }
  const open = await deps.client.fetch(openInvitationsQuery, {id})
  const at = deps.now().toISOString()
  const transaction = deps.client.transaction().patch(id, (p) => p.set({state: 'invited'}))
  for (const token of open) transaction.patch(token, (p) => p.set({usedAt: at}))
  await transaction.commit()
  await queueLinkMail(deps, person, 'invite', by)
  return {status: 200, body: {person: personRow({...person, state: 'invited'})}}
}

/** `POST /password-reset`: answered at once and the same for any address; the mail goes only to an active account. */
export function requestPasswordReset(deps: InvitationDeps, body: unknown): HandlerResult {
  const parsed = staffResetRequestSchema.safeParse(body)
  if (!parsed.success)
    return {status: 400, body: {error: parsed.error.issues[0]?.message ?? 'Give an email address.'}}
  void (async () => {
    // Each request is counted for `reset:<address>` in the back-off's lake document (racing requests each get
    // their own count): five mails to one address, then none until an hour passes without a request for it, so
    // nobody can flood a colleague's mailbox.
    const count = await deps
      .rateLimit?.()
      .fail(`reset:${parsed.data.email}`, undefined, deps.now().getTime())
    if (count !== undefined && count > RESET_MAILS_PER_HOUR) return
    const person = await findStaffMember(deps.client, parsed.data.email)
    if (person?.state === 'active' && person.email) await queueLinkMail(deps, person, 'reset')
  })().catch((error: unknown) => console.error('[staff] password reset mail not queued', error))
  return {status: 202, body: {message: RESET_REQUESTED_MESSAGE}}
}

/** Reset mails to one address within the back-off's hour (login-rate-limit.ts forgets counts after an hour). */
const RESET_MAILS_PER_HOUR = 5

const EXPIRED = 'This link has expired or was used already. Ask for a new one.'

/** `POST /password`: sets the password from a live token, once; an invited person becomes active. */
export async function setPasswordFromToken(
  deps: InvitationDeps,
  body: unknown,
): Promise<HandlerResult> {
  const parsed = staffSetPasswordSchema.safeParse(body)
  if (!parsed.success)
    return {status: 400, body: {error: parsed.error.issues[0]?.message ?? 'Invalid request.'}}
  const {token, password} = parsed.data
  const now = deps.now()
  const stored = await liveToken(deps.client, token, now)
  const person =
    stored && (await deps.client.getDocument<StaffMember & {_rev: string}>(stored.personId))
  if (!stored || !person || person.state === 'deactivated')
    return {status: 400, body: {error: EXPIRED}}
  // Their own name, their address, the company's name and the site's words, joined and apart, are the first
  // guesses of anyone who knows them (password-strength.ts).
  const problem = await passwordProblem(
    password,
    passwordGuesses({
      name: person.name,
      email: person.email,
      company: await deps.company(),
      siteHost: deps.siteUrl ? new URL(deps.siteUrl).hostname : '',
    }),
  )
  if (problem) return {status: 400, body: {error: problem}}
  // A new password ends every open session of the person: whoever knew the old one is out.
  const sessions = await deps.client.fetch(openSessionIdsQuery, {id: person._id})
  try {
    const transaction = deps.client
      .transaction()
      .patch(stored._id, (p) => p.ifRevisionId(stored._rev).set({usedAt: now.toISOString()}))
      .patch(person._id, (p) => {
        const changed = p.set({
          password: hashPassword(password),
          passwordChangedAt: now.toISOString(),
          ...(person.state === 'invited' ? {state: 'active'} : {}),
        })
        // A reset is a recovery: any passkey may be the one someone else added with a stolen session, and a
        // passkey signs in alone, so none survives it (the reset mail said how many there were).
        return stored.purpose === 'reset' ? changed.unset(['passkeys']) : changed
      })
    for (const id of sessions) transaction.patch(id, (p) => p.set({revokedAt: now.toISOString()}))
    await transaction.commit()
  } catch (error) {
    if (isConflict(error)) return {status: 400, body: {error: EXPIRED}}
    throw error
  }
  const removedPasskeys =
    stored.purpose === 'reset' ? ((person as {passkeys?: unknown[]}).passkeys?.length ?? 0) : 0
  return {status: 200, body: {email: person.email, removedPasskeys}}
}
