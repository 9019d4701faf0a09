import {spawn} from 'node:child_process'

/** Runs a command with inherited output; rejects with its exit code when it fails. */
export function runCommand(command: string, args: string[], options: {cwd: string; env?: NodeJS.ProcessEnv}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {cwd: options.cwd, env: {...process.env, ...options.env}, stdio: 'inherit'})
    child.on('error', reject)
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed with exit code ${code}`)),
    )
  })
}
