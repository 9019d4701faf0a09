import fs from 'node:fs'
import {parseEnv} from 'node:util'

/**
 * Reads `.env` into `process.env`. A variable left empty (as `.env.example` has most of them) means "use the
 * default", not "the empty string": Node's own `loadEnvFile` would set '' and fail every validation that expects a
 * URL or an email. Variables already set in the environment win over the file.
 */
export function loadDotEnv(file: string, env: NodeJS.ProcessEnv = process.env): void {
  if (!fs.existsSync(file)) return
  for (const [name, value] of Object.entries(parseEnv(fs.readFileSync(file, 'utf8'))))
    if (value !== '' && env[name] === undefined) env[name] = value
}
