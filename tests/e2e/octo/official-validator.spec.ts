import {spawn} from 'node:child_process'
import path from 'node:path'

import {FLOW_NAMES, runOfficialValidator} from './run-official-validator.ts'
import {resolveBookingRules} from '../../../schemas/src/capacity.ts'
import {isDateAvailable, isWithinTripWindow} from '../../../schemas/src/experience-settings.ts'
import {addDays, todayInCapeTown} from '../../../schemas/src/iso-date.ts'
import {env, expect, lakeClient, test} from '../fixtures.ts'

/**
 * The issue's proof: the official OCTO validator's supplier flows (octotravel/validator at ff6b4e5, vendored in
 * functions/octo/validator/vendor) against `npm start`'s `/octo`, with a key from `npm run resellers -- add` and
 * `octo/pricing`, its warnings counted as failures: every scenario passes. The one warning no supplier of guided
 * departures can clear (no OPENING_HOURS product) is the only one allowed.
 */

const root = path.resolve(import.meta.dirname, '../../..')
const SLUG = 'bo-kaap-food-walk'
const EXPERIENCE = `experience-${SLUG}`
/**
 * The validator books all its groups (eight of up to five, and three of two or three) on one departure of the dates
 * it is given, so those dates get room for them, as an operator adds a guide for a busy day.
 */
const VALIDATOR_PLACES = 80

/** `npm run resellers -- <args>` as the owner runs it, with the stack's environment: its output and exit code. */
function npmRunResellers(args: string[]): Promise<{code: number | null; output: string}> {
  const merged: Record<string, string | undefined> = {...process.env, ...env.processEnv}
  // The script finds the stack's lake from its ports, as the server does.
  delete merged.SANITY_API_HOST
  delete merged.SITE_URL
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', 'resellers', '--', ...args], {
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

/**
 * Two days in a row that no other test books: far ahead, open for the walk, with no booking or reseller hold on
 * either, so the validator's groups and the places other specs count never meet.
 */
async function quietDays(rules: ReturnType<typeof resolveBookingRules>): Promise<[string, string]> {
  const bookings = lakeClient({dataset: 'bookings'})
  const today = todayInCapeTown()
  for (let attempt = 0; attempt < 100; attempt++) {
    const from = addDays(today, 400 + Math.floor(Math.random() * 300))
    const days: [string, string] = [from, addDays(from, 1)]
    if (!days.every((d) => isDateAvailable(d, rules, today) && isWithinTripWindow(d, today)))
      continue
    const taken = await bookings.fetch<number>(
      'count(*[_type in ["booking", "octoBooking"] && experience_id == $slug && date in $days])',
      {slug: SLUG, days},
    )
    if (taken === 0) return days
  }
  throw new Error('No quiet days found')
}

test('the official OCTO validator passes every supplier scenario against /octo', async () => {
  test.setTimeout(180_000)
  const admin = lakeClient()
  const settings = await admin.fetch<
    ({_id: string} & Parameters<typeof resolveBookingRules>[0]) | null
  >(
    '*[_type == "experienceSettings" && experience._ref == $id && !(_id in path("drafts.**"))][0]',
    {id: EXPERIENCE},
  )
  expect(settings, 'the seed has the walk’s booking rules').not.toBeNull()
  const days = await quietDays(resolveBookingRules(settings))
  // Kept after the run: the validator's bookings stay on these days, within their places.
  await admin
    .patch(settings!._id)
    .setIfMissing({capacityOverrides: []})
    .append(
      'capacityOverrides',
      days.map((date) => ({_key: `octo-validator-${date}`, date, capacity: VALIDATOR_PLACES})),
    )
    .commit()

  const added = await npmRunResellers(['add', 'Validator', '--experience', EXPERIENCE])
  expect(added.code, added.output).toBe(0)
  const key = added.output.trim().split('\n').at(-1)!.trim()
  expect(key).toMatch(/^octo_/)

  const {ran, problems} = await runOfficialValidator({
    endpoint: `${env.siteUrl}/octo`,
    key,
    dates: {from: days[0], to: days[1]},
  })
  expect(problems).toEqual([])
  expect(ran).toEqual(FLOW_NAMES)
})
