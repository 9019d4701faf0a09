/**
 * Resellers' OCTO keys, against the lake the site uses (functions/octo/resellers-command.ts):
 *
 *   npm run resellers -- add "Example Tours"     prints the new key alone on its last line, once
 *   npm run resellers -- list
 *   npm run resellers -- revoke <reseller id>
 *
 * `--as "<name or email>"` names who ran it (the reseller's record and the staff activity log); without it, the
 * operating system's user (`script:<user>`).
 */
import {userInfo} from 'node:os'
import path from 'node:path'

import {readFunctionsEnv} from '../functions/lib/env.ts'
import {createBookingsClient} from '../functions/lib/sanity-client.ts'
import {runResellersCommand} from '../functions/octo/resellers-command.ts'
import {loadDotEnv} from './lib/load-dot-env.ts'

const root = path.resolve(import.meta.dirname, '..')
loadDotEnv(path.join(root, '.env'))

const code = await runResellersCommand(
  process.argv.slice(2),
  createBookingsClient(readFunctionsEnv()),
  console,
  `script:${userInfo().username}`,
)
process.exit(code)
