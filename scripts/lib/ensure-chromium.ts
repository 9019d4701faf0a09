import fs from 'node:fs'

import {ensureAptPackages} from './ensure-apt-packages.ts'

/**
 * End-to-end tests use Debian's Chromium (Playwright's own browser download cannot work without
 * the internet). Installs it with apt when missing and running as root, as CI does.
 */
export async function ensureChromium(): Promise<void> {
  const executable = process.env.PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH ?? '/usr/bin/chromium'
  await ensureAptPackages(
    'Chromium',
    ['chromium'],
    () => fs.existsSync(executable),
    `install Debian's chromium (sudo apt-get install chromium) or set PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH (${executable})`,
  )
}
