import {createHmac, randomBytes, randomInt, timingSafeEqual} from 'node:crypto'
import fs from 'node:fs'

/**
 * The booking form's security question (spec §5: the sum of two numbers from 1 to 10), issued and checked by the
 * server. The token carries no answer: only an HMAC over nonce, answer and expiry, so it cannot be forged, reused
 * after it expires, or answered without doing the sum. Replays within the lifetime are caught by `consume`.
 */
export const CHALLENGE_TTL_MS = 30 * 60_000

export type Challenge = {question: string; token: string; expiresAt: string}

export type ChallengeVerdict = 'ok' | 'wrong' | 'expired' | 'invalid' | 'used'

export type ChallengeService = {
  issue: () => Challenge
  verify: (token: string, answer: string) => {verdict: ChallengeVerdict; nonce?: string}
  /** Marks a solved challenge used by one request (`owner`); the same owner may present it again (a retry). */
  consume: (nonce: string, owner: string) => boolean
}

type UsedChallenge = {nonce: string; owner: string; expires: number}

/**
 * The used challenges that have not expired yet, from `file` (one JSON line each). The file is rewritten with only
 * those, so it holds at most half an hour of requests.
 */
function loadUsedChallenges(file: string, now: number): Map<string, UsedChallenge> {
  const used = new Map<string, UsedChallenge>()
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return used
  }
  for (const line of text.split('\n')) {
    try {
      const entry = JSON.parse(line) as UsedChallenge
      if (entry.expires >= now) used.set(entry.nonce, entry)
    } catch {
      // An empty or half-written last line (a crash mid-append): nothing to keep.
    }
  }
  const kept = [...used.values()].map((entry) => `${JSON.stringify(entry)}\n`).join('')
  fs.writeFileSync(`${file}.tmp`, kept)
  fs.renameSync(`${file}.tmp`, file)
  return used
}

export function createChallengeService({
  secret,
  now = Date.now,
  usedChallengesFile,
}: {
  secret: string
  now?: () => number
  /** Where used challenges are remembered, so a restart does not let a solved question be replayed. */
  usedChallengesFile?: string
}): ChallengeService {
  const used = usedChallengesFile
    ? loadUsedChallenges(usedChallengesFile, now())
    : new Map<string, UsedChallenge>()
  const sign = (nonce: string, answer: number, expires: number) =>
    createHmac('sha256', secret).update(`${nonce}:${answer}:${expires}`).digest('base64url')

  return {
    issue() {
      const a = randomInt(1, 11)
      const b = randomInt(1, 11)
      const nonce = randomBytes(12).toString('base64url')
      const expires = now() + CHALLENGE_TTL_MS
      return {
        question: `What is ${a} + ${b}?`,
        token: `${nonce}.${expires}.${sign(nonce, a + b, expires)}`,
        expiresAt: new Date(expires).toISOString(),
      }
    },
    verify(token, answer) {
      const [nonce, expiresText, signature, extra] = token.split('.')
      if (
        !nonce ||
        !expiresText ||
        !signature ||
        extra !== undefined ||
        !/^\d{1,15}$/.test(expiresText)
      )
        return {verdict: 'invalid'}
      const expires = Number(expiresText)
      const given = Number(answer)
      if (!Number.isInteger(given) || given < 2 || given > 20) return {verdict: 'wrong', nonce}
      const expected = Buffer.from(sign(nonce, given, expires))
      const actual = Buffer.from(signature)
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual))
        return {verdict: 'wrong', nonce}
      if (expires < now()) return {verdict: 'expired', nonce}
      return {verdict: 'ok', nonce}
    },
    consume(nonce, owner) {
      const t = now()
      if (used.size > 50_000) for (const [k, v] of used) if (v.expires < t) used.delete(k)
      const seen = used.get(nonce)
      if (seen) return seen.owner === owner
      const entry = {nonce, owner, expires: t + CHALLENGE_TTL_MS}
      // Written before the request goes on, so a crash right after cannot forget it.
      if (usedChallengesFile) fs.appendFileSync(usedChallengesFile, `${JSON.stringify(entry)}\n`)
      used.set(nonce, entry)
      return true
    },
  }
}
