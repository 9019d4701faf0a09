// A deliberate import circle for scripts/lint-rules.test.ts: cycle-a imports cycle-b, which imports cycle-a.
import {b} from './cycle-b.ts'

export const a = () => b() + 1
