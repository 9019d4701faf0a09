import {runCommand} from './run-command.ts'

/**
 * Installs Debian packages the tests need when `installed()` says they are missing, as CI does (it runs as root);
 * anyone else is told what to install.
 */
export async function ensureAptPackages(
  label: string,
  packages: string[],
  installed: () => boolean,
  hint = `install it (sudo apt-get install ${packages.join(' ')})`,
): Promise<void> {
  if (installed()) return
  if (process.getuid?.() !== 0) throw new Error(`${label} is missing: ${hint}`)
  console.log(`Installing ${label} from Debian…`)
  await runCommand('apt-get', ['update', '-qq'], {cwd: '/'})
  await runCommand('apt-get', ['install', '-y', '-qq', ...packages], {
    cwd: '/',
    env: {DEBIAN_FRONTEND: 'noninteractive'},
  })
}
