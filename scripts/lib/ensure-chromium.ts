import fs from 'node:fs'

import {runCommand} from './run-command.ts'

/**
 * End-to-end tests use Debian's Chromium (Playwright's own browser download cannot work without
 * the internet). Installs it with apt when missing and running as root, as CI does.
 */
export async function ensureChromium(): Promise<void> {
  const executable = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium'
  if (fs.existsSync(executable)) return
  if (process.getuid?.() !== 0) {
    throw new Error(`${executable} is missing: install Debian's chromium (sudo apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH`)
  }
  console.log('Installing Chromium from Debian…')
  await runCommand('apt-get', ['update', '-qq'], {cwd: '/'})
  await runCommand('apt-get', ['install', '-y', '-qq', 'chromium'], {cwd: '/', env: {DEBIAN_FRONTEND: 'noninteractive'}})
}
