import {spawn} from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '../../..')

/**
 * `npm run jobs -- --as-of <asOf>` as an operator runs it (`scripts/jobs.ts`, its own process), with this
 * environment added to the test's; a variable set to undefined is left out. Resolves to its exit code and output.
 */
export function runJobsScript(
  asOf: Date | string,
  env: Record<string, string | undefined>,
): Promise<{code: number | null; output: string}> {
  const merged: Record<string, string | undefined> = {...process.env, ...env}
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name]
  const when = typeof asOf === 'string' ? asOf : asOf.toISOString()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/jobs.ts', '--as-of', when], {
      cwd: root,
      env: merged,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => resolve({code, output}))
  })
}
