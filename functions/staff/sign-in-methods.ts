import {randomBytes} from 'node:crypto'

import type {SanityClient} from '@sanity/client'

import {formatLongDateTime} from '@repo/schemas/format-date.ts'
import {escapeHtml} from '@repo/schemas/mail-templates.ts'

import {outboxMailDocument} from '../lib/mailer.ts'
import type {MailContent} from '../lib/mail-content.ts'
import {passwordMatches, type StaffMember} from './staff-accounts.ts'
import {spendSecondStep, type TwoStepMember} from './second-step.ts'
import type {SessionPerson} from './staff-session-store.ts'

/**
 * A person's sign-in methods (passkeys, the authenticator app) change only after a fresh proof that it is them
 * (ASVS 3.7.1; docs/decisions/157-sign-in-methods-need-a-fresh-proof.md): a session alone, which a stolen cookie
 * also is, adds nothing and removes nothing. The proof is the sign-in itself, or the password or a code from the
 * current second step given again (`POST /api/staff/reauthenticate`), within the last five minutes; it is kept
 * on the session's lake document, so every server sees it. Each change is told to the person by mail, with how
 * to report it.
 */
export const RECENT_AUTHENTICATION_MS = 5 * 60 * 1000

export const REAUTHENTICATE_MESSAGE =
  'Confirm it is you first: enter your password, or a code from your authenticator app.'

export const recentlyAuthenticated = (at: string, now: number) =>
  now - Date.parse(at) < RECENT_AUTHENTICATION_MS

/**
 * Checks the proof a re-authentication gives: the person's password, or a code from their authenticator app
 * (or a recovery code), used up as at sign-in. True when it holds.
 */
export async function proofHolds(
  client: SanityClient,
  personId: string,
  proof: {password?: unknown; code?: unknown},
  now: Date,
): Promise<boolean> {
  const member = await client.getDocument<TwoStepMember>(personId)
  if (!member) return false
  if (typeof proof.password === 'string' && proof.password.length > 0) {
    return passwordMatches(proof.password, member.password)
  }
  if (typeof proof.code === 'string' && proof.code.trim().length > 0 && member.secondStep) {
    return spendSecondStep(client, member, proof.code, now)
  }
  return false
}

/** What changed, as the mail and the activity log say it. */
export type SignInMethodChange =
  | 'passkey-added'
  | 'passkey-removed'
  | 'app-set-up'
  | 'app-replaced'
  | 'app-removed'
  | 'second-step-reset'

const CHANGE_WORDS: Record<SignInMethodChange, {subject: string; line: string}> = {
  'passkey-added': {
    subject: 'A passkey was added to your staff account',
    line: 'A passkey was added to your staff account. It signs you in without a password or code.',
  },
  'passkey-removed': {
    subject: 'A passkey was removed from your staff account',
    line: 'A passkey was removed from your staff account: it no longer signs you in.',
  },
  'app-set-up': {
    subject: 'An authenticator app was set up for your staff account',
    line: 'An authenticator app was set up for your staff account: signing in now needs a code from it.',
  },
  'app-replaced': {
    subject: 'Your staff account’s authenticator app was replaced',
    line: 'The authenticator app of your staff account was replaced: only the new one’s codes work now.',
  },
  'app-removed': {
    subject: 'The authenticator app was removed from your staff account',
    line: 'The authenticator app was removed from your staff account: signing in no longer asks for its code.',
  },
  'second-step-reset': {
    subject: 'The second step of your staff account was reset',
    line: 'The owner reset the second step of your staff account: its authenticator app, recovery codes and passkeys were removed, and you were signed out everywhere.',
  },
}

/**
 * Queues the mail that tells a person one of their sign-in methods changed: what, when (in words, Cape Town
 * time), and what to do if it was not them, with a link that writes to the team's address. Nothing when the
 * person has no address (the first owner before they give one).
 */
export async function mailSignInMethodChange(
  deps: {
    client: SanityClient
    mailContent: () => Promise<MailContent>
    queued: () => void
    siteUrl: string
  },
  person:
    | Pick<SessionPerson, 'id' | 'name' | 'email'>
    | (Pick<StaffMember, 'name' | 'email'> & {id: string}),
  change: SignInMethodChange,
  now: Date,
): Promise<void> {
  if (!person.email) return
  const content = await deps.mailContent()
  const words = CHANGE_WORDS[change]
  const when = formatLongDateTime(now.toISOString())
  const team = content.teamAddress
  const report = team
    ? `mailto:${team}?subject=${encodeURIComponent(`Not me: ${words.subject.toLowerCase()}`)}`
    : null
  const dashboard = `${deps.siteUrl}/admin/bookings`
  const lines: (string | {href: string; text: string})[] = [
    `Hello ${person.name},`,
    `${words.line} This happened on ${when}.`,
    'If it was you, there is nothing to do.',
    'If it was not you, someone may be using your account. Tell the owner or a manager at once:',
    report ? {href: report, text: `Report it to ${team}`} : 'Reply to this mail.',
    `Then set a new password with “Forgot your password?” at ${dashboard}: it ends every open session and removes every passkey.`,
    content.brand.signature || (content.brand.company ? `The ${content.brand.company} team` : ''),
  ]
  const text = lines
    .filter(Boolean)
    .map((line) => (typeof line === 'string' ? line : `${line.text}: ${line.href}`))
    .join('\n\n')
  const html = lines
    .filter(Boolean)
    .map((line) =>
      typeof line === 'string'
        ? `<p>${escapeHtml(line)}</p>`
        : `<p><a href="${escapeHtml(line.href)}">${escapeHtml(line.text)}</a></p>`,
    )
    .join('\n')
  const mailId = `staff-sign-in-method-${randomBytes(8).toString('hex')}`
  await deps.client.create(
    outboxMailDocument(
      mailId,
      {
        to: person.email,
        subject: words.subject,
        text,
        html,
        ...(team ? {replyTo: team} : {}),
        ...(content.from ? {from: content.from} : {}),
      },
      person.id,
      now.toISOString(),
    ),
  )
  deps.queued()
}
