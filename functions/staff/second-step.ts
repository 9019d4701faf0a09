import {createHash, randomBytes, timingSafeEqual} from 'node:crypto'

import type {SanityClient} from '@sanity/client'
import {Secret, TOTP} from 'otpauth'
import QRCode from 'qrcode'

import {isConflict} from '@repo/schemas/lake-errors.ts'

import type {StaffMember} from './staff-accounts.ts'

/**
 * The second step of signing in: a TOTP code from an authenticator app (RFC 6238: 30 s steps, 6 digits, one step
 * of clock drift either way) or one of ten single-use recovery codes. A code is accepted only for a time step after
 * the last one accepted (`lastStep`, written with `ifRevisionID`), so a code seen over someone's shoulder, or sent
 * twice at once, works once. Wrong codes count toward the login back-off like wrong passwords.
 *
 * The TOTP secret is kept in the person's document: the server must read it to check codes, and whoever can read
 * the dataset can read every booking anyway. Recovery codes are kept as SHA-256 only.
 */
export type SecondStep = {secret: string; enabledAt: string; lastStep: number}
export type RecoveryCode = {_key: string; hash: string}

const PERIOD_S = 30
const RECOVERY_CODES = 10
/** The app's name for the account when site settings name no company. */
const FALLBACK_ISSUER = 'Staff dashboard'

export type TwoStepMember = StaffMember & {
  _rev: string
  secondStep?: SecondStep | null
  pendingSecondStep?: string | null
  recoveryCodes?: RecoveryCode[] | null
}

const hashCode = (code: string) =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex')

const totp = (secret: string, label: string, issuer: string) =>
  new TOTP({issuer, label, secret: Secret.fromBase32(secret), period: PERIOD_S, digits: 6})

/**
 * A QR code of `text` as one SVG path over a square of `size` modules (plus a four-module quiet zone each side),
 * drawn by the dashboard as an `<svg>`: no image data or markup from the server is put into the page.
 */
export type QrCodePath = {size: number; path: string}

export function qrCodePath(text: string): QrCodePath {
  const {modules} = QRCode.create(text, {errorCorrectionLevel: 'M'})
  const quiet = 4
  let path = ''
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) path += `M${x + quiet} ${y + quiet}h1v1h-1z`
    }
  }
  return {size: modules.size + quiet * 2, path}
}

/** The time step a code matches, or null: the current step or one either side. */
function matchingStep(secret: string, code: string, now: number): number | null {
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    period: PERIOD_S,
    timestamp: now,
    window: 1,
  })
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta
}

/**
 * A new secret to set up, kept as pending until a code from it is confirmed: the secret, its `otpauth://` address
 * and that address as a QR code. The app lists the account under `company` (site settings' name) and the
 * person's address.
 */
export async function startSecondStep(
  client: SanityClient,
  member: {id: string; email: string | null; name: string},
  company: string,
) {
  const secret = new Secret({size: 20}).base32
  await client.patch(member.id).set({pendingSecondStep: secret}).commit()
  const issuer = company.trim() || FALLBACK_ISSUER
  const uri = totp(secret, member.email ?? member.name, issuer).toString()
  return {secret, uri, issuer, qr: qrCodePath(uri)}
}

/**
 * Confirms the pending secret with a code from it: the second step is on, and ten recovery codes are made and
 * answered once (kept as hashes). Null when the code does not match or nothing is pending.
 */
export async function confirmSecondStep(
  client: SanityClient,
  personId: string,
  code: string,
  now: Date,
): Promise<string[] | null> {
  const member = await client.getDocument<TwoStepMember>(personId)
  const pending = member?.pendingSecondStep
  if (!member || !pending) return null
  const step = matchingStep(pending, code, now.getTime())
  if (step === null) return null
  const codes = Array.from({length: RECOVERY_CODES}, () => {
    const raw = randomBytes(5).toString('hex')
    return `${raw.slice(0, 5)}-${raw.slice(5)}`
  })
  try {
    await client
      .patch(personId)
      .ifRevisionId(member._rev)
      .set({
        secondStep: {secret: pending, enabledAt: now.toISOString(), lastStep: step},
        recoveryCodes: codes.map((value) => ({
          _key: randomBytes(6).toString('hex'),
          hash: hashCode(value),
        })),
      })
      .unset(['pendingSecondStep'])
      .commit()
  } catch (error) {
    if (isConflict(error)) return null
    throw error
  }
  return codes
}

/** Removes the person's own authenticator app and its recovery codes; false when they had none. */
export async function removeSecondStep(client: SanityClient, personId: string): Promise<boolean> {
  const member = await client.getDocument<TwoStepMember>(personId)
  if (!member?.secondStep) return false
  try {
    await client
      .patch(personId)
      .ifRevisionId(member._rev)
      .unset(['secondStep', 'pendingSecondStep', 'recoveryCodes'])
      .commit({visibility: 'sync'})
  } catch (error) {
    if (isConflict(error)) return false
    throw error
  }
  return true
}

/**
 * Checks a sign-in's second step and uses it up: a TOTP code for a step after the last accepted one, or an unused
 * recovery code (removed). False for anything else, a replay included.
 */
export async function spendSecondStep(
  client: SanityClient,
  member: TwoStepMember,
  code: string,
  now: Date,
): Promise<boolean> {
  const second = member.secondStep
  if (!second) return false
  const compact = code.replace(/[\s-]/g, '')
  try {
    if (/^\d{6}$/.test(compact)) {
      const step = matchingStep(second.secret, compact, now.getTime())
      if (step === null || step <= second.lastStep) return false
      await client
        .patch(member._id)
        .ifRevisionId(member._rev)
        .set({'secondStep.lastStep': step})
        .commit()
      return true
    }
    const wanted = Buffer.from(hashCode(compact))
    const match = (member.recoveryCodes ?? []).find((entry) => {
      const stored = Buffer.from(entry.hash)
      return stored.length === wanted.length && timingSafeEqual(stored, wanted)
    })
    if (!match) return false
    await client
      .patch(member._id)
      .ifRevisionId(member._rev)
      .unset([`recoveryCodes[_key=="${match._key}"]`])
      .commit()
    return true
  } catch (error) {
    // Another sign-in used this code (or changed the person) a moment earlier: this one is refused.
    if (isConflict(error)) return false
    throw error
  }
}
