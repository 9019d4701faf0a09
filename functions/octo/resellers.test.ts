import {afterAll, beforeAll, describe, expect, it} from 'vitest'

import {startTestLake, type TestLake} from '../../lake/src/testing/start-test-lake.ts'
import {runResellersCommand} from './resellers-command.ts'
import {createReseller, hashKey, resellerForKey, revokeReseller} from './resellers.ts'

let lake: TestLake
const bookings = () => lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})

beforeAll(async () => {
  lake = await startTestLake()
})

afterAll(async () => {
  await lake?.stop()
})

describe('reseller keys', () => {
  it('keeps only the key’s hash, finds the reseller by its key, and refuses once revoked', async () => {
    const {reseller, key} = await createReseller(bookings(), {
      name: ' Example Tours ',
      createdBy: 'owner',
    })
    expect(reseller.name).toBe('Example Tours')
    const stored = await bookings().getDocument(reseller._id)
    expect(stored).toMatchObject({_type: 'reseller', key_hash: hashKey(key), created_by: 'owner'})
    expect(JSON.stringify(stored)).not.toContain(key)

    expect((await resellerForKey(bookings(), key))?._id).toBe(reseller._id)
    for (const guess of [
      '',
      key.slice(0, -1),
      `${key}x`,
      key.toUpperCase(),
      'octo_',
      'x'.repeat(500),
    ])
      expect(await resellerForKey(bookings(), guess)).toBeNull()

    expect(await revokeReseller(bookings(), reseller._id, 'owner')).toBe(true)
    expect(await resellerForKey(bookings(), key)).toBeNull()
    expect(await revokeReseller(bookings(), 'reseller-unknown', 'owner')).toBe(false)
    await expect(createReseller(bookings(), {name: '  ', createdBy: 'owner'})).rejects.toThrow(
      /name/,
    )
  })

  it('npm run resellers: add prints the key alone on its last line, list shows none, revoke stops it', async () => {
    const lines: string[] = []
    const out = {log: (line: string) => lines.push(line), error: (line: string) => lines.push(line)}
    const code = await runResellersCommand(
      ['add', 'Script Safaris', '--contact', 'ops@safaris.example', '--experience', 'exp-walk'],
      bookings(),
      out,
      'script:owner',
    )
    expect(code).toBe(0)
    const key = lines.at(-1)!
    expect(key).toMatch(/^octo_[\w-]{43}$/)
    const reseller = await resellerForKey(bookings(), key)
    expect(reseller).toMatchObject({
      name: 'Script Safaris',
      contact: 'ops@safaris.example',
      experiences: ['exp-walk'],
      created_by: 'script:owner',
    })

    lines.length = 0
    expect(await runResellersCommand(['list'], bookings(), out, 'script:owner')).toBe(0)
    expect(lines.join('\n')).toContain('Script Safaris')
    expect(lines.join('\n')).not.toContain(key)
    expect(lines.join('\n')).not.toContain(reseller!.key_hash)

    expect(
      await runResellersCommand(['revoke', reseller!._id], bookings(), out, 'script:owner'),
    ).toBe(0)
    expect(await resellerForKey(bookings(), key)).toBeNull()
    expect(await runResellersCommand(['revoke', 'reseller-none'], bookings(), out, 'x')).toBe(1)
    for (const argv of [
      [],
      ['add'],
      ['add', 'X', '--colour', 'red'],
      ['list', 'extra'],
      ['rotate'],
    ])
      expect(await runResellersCommand(argv, bookings(), out, 'x'), argv.join(' ')).toBe(2)
  })
})
