import {describe, expect, it} from 'vitest'

import {LakeError} from '../store/types.ts'
import {ListenerHub} from './listener-hub.ts'

describe('ListenerHub.checkFilter', () => {
  it('checks a filter once for a hundred listeners of one client opening at once, and again once a check failed', async () => {
    const hub = new ListenerHub()
    let checks = 0
    const check = async () => {
      checks++
      await new Promise((resolve) => setTimeout(resolve, 10))
      return []
    }
    await Promise.all(Array.from({length: 100}, () => hub.checkFilter('client-a *[_type == "tour"]', check)))
    expect(checks).toBe(1)
    await hub.checkFilter('client-a *[_type == "tour"]', check)
    expect(checks).toBe(1)
    // Another client (or filter) is checked on its own: its budget is its own.
    await hub.checkFilter('client-b *[_type == "tour"]', check)
    expect(checks).toBe(2)

    const refusal = new LakeError(429, 'rateLimited', 'retry after 1 s')
    let failing = true
    const flaky = async () => {
      checks++
      if (failing) throw refusal
      return []
    }
    await expect(hub.checkFilter('client-c *', flaky)).rejects.toBe(refusal)
    failing = false
    await expect(hub.checkFilter('client-c *', flaky)).resolves.toEqual([])
    expect(checks).toBe(4)
  })
})
