import fs from 'node:fs'
import path from 'node:path'

import {describe, expect, it} from 'vitest'

const dir = path.resolve(import.meta.dirname, '../docs/decisions')
const records = fs.readdirSync(dir).filter((name) => /^\d{3}-.+\.md$/.test(name))

// Each record says whether it still holds and since when; one that another replaced names it, by a link that works.
describe('decision records', () => {
  it('each carries a Status and a Date line under its title', () => {
    const faults = records.flatMap((name) => {
      const [, status, date] = fs.readFileSync(path.join(dir, name), 'utf8').split('\n').filter(Boolean)
      return [
        ...(/^Status: (accepted|superseded( in part)? by \[\d{3}\]\(\d{3}-[^)]+\.md\).*)$/.test(status ?? '')
          ? []
          : [`${name}: no Status line`]),
        ...(/^Date: \d{4}-\d{2}-\d{2}$/.test(date ?? '') ? [] : [`${name}: no Date line`]),
      ]
    })
    expect(faults).toEqual([])
  })

  it('a superseded one names a successor that exists and is newer', () => {
    for (const name of records) {
      const status = /^Status: superseded.*?\]\((\d{3}-[^)]+\.md)\)/m.exec(
        fs.readFileSync(path.join(dir, name), 'utf8'),
      )
      if (!status) continue
      expect(records, name).toContain(status[1])
      expect(Number(status[1]!.slice(0, 3)), name).toBeGreaterThan(Number(name.slice(0, 3)))
    }
  })
})
