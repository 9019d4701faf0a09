import {runJobsScript} from '../../functions/lib/testing/jobs-script.ts'
import {env} from './fixtures.ts'

/**
 * `npm run jobs -- --as-of <asOf>` as an operator runs it, with the stack's environment (its ports, not its
 * addresses): the script finds the stack's lake and names its site from the ports, as the server does.
 */
export function runJobs(asOf: Date | string): Promise<{code: number | null; output: string}> {
  return runJobsScript(asOf, {...env.processEnv, SANITY_API_HOST: undefined, SITE_URL: undefined})
}
