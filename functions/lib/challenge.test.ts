import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

import {describe, expect, it} from 'vitest'

import {CHALLENGE_TTL_MS, createChallengeService} from './challenge.ts'
import {solveQuestion} from './testing/solve-question.ts'

const secret = 'challenge-test-secret-0001'

describe('security question', () => {
  it('refuses a solved question replayed under another request after a restart', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'challenges-')), 'used.ndjson')
    const before = createChallengeService({secret, usedChallengesFile: file})
    const {question, token} = before.issue()
    const {verdict, nonce} = before.verify(token, solveQuestion(question))
    expect(verdict).toBe('ok')
    expect(before.consume(nonce!, 'request-a')).toBe(true)

    // A new process with the same data folder.
    const after = createChallengeService({secret, usedChallengesFile: file})
    expect(after.consume(nonce!, 'request-b')).toBe(false)
    // The same request retried is still welcome.
    expect(after.consume(nonce!, 'request-a')).toBe(true)
  })

  it('forgets used questions once they have expired, and survives a half-written line', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'challenges-')), 'used.ndjson')
    let clock = Date.now()
    const service = createChallengeService({secret, usedChallengesFile: file, now: () => clock})
    const {question, token} = service.issue()
    const {nonce} = service.verify(token, solveQuestion(question))
    service.consume(nonce!, 'request-a')
    fs.appendFileSync(file, '{"nonce":"half')

    clock += CHALLENGE_TTL_MS + 1
    const later = createChallengeService({secret, usedChallengesFile: file, now: () => clock})
    expect(fs.readFileSync(file, 'utf8')).toBe('')
    expect(later.consume(nonce!, 'request-b')).toBe(true)
  })
})
