import {runJobsScript} from '../../functions/lib/testing/jobs-script.ts'
import {env} from './fixtures.ts'

/** `npm run jobs -- --as-of <asOf>` as an operator runs it, against the running stack's lake, mail and site. */
export function runJobs(asOf: Date | string): Promise<{code: number | null; output: string}> {
  return runJobsScript(asOf, {...env.processEnv, SANITY_API_HOST: env.lakeUrl, SITE_URL: env.siteUrl})
}
