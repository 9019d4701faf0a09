import {spawn} from 'node:child_process'

/**
 * Runs a command with inherited output; rejects with its exit code when it fails. `quiet` keeps the output back
 * and shows it only in the error of a failed run (for tests that build something on the way).
 */
export function runCommand(
  command: string,
  args: string[],
  options: {cwd: string; env?: NodeJS.ProcessEnv; quiet?: boolean},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: {...process.env, ...options.env},
      stdio: options.quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    })
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(
            new Error(
              `${command} ${args.join(' ')} failed with exit code ${code}${output.length > 0 ? `:\n${Buffer.concat(output).toString('utf8')}` : ''}`,
            ),
          ),
    )
  })
}
