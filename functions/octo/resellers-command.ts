import type {SanityClient} from '@sanity/client'

import {recordActivity} from '../staff/staff-activity.ts'
import {createReseller, listResellers, revokeReseller} from './resellers.ts'

export const RESELLERS_USAGE = `Usage:
  npm run resellers -- add "<name>" [--contact "<who to call>"] [--experience <experience id>]... [--as "<you>"]
  npm run resellers -- list
  npm run resellers -- revoke <reseller id> [--as "<you>"]
--as names who ran it (your name or email) in the reseller's record and the activity log; without it, your
operating system's user name.`

/** Who ran the command, from `--as` (anywhere on the line), else `fallback` (the OS user); the rest of the line. */
export function commandActor(
  argv: readonly string[],
  fallback: string,
): {by: string; argv: string[]} | null {
  const rest = [...argv]
  const at = rest.indexOf('--as')
  if (at === -1) return {by: fallback, argv: rest}
  const value = rest[at + 1]?.trim()
  if (!value || value.startsWith('--') || value.length > 100 || /[\r\n]/.test(value)) return null
  rest.splice(at, 2)
  return rest.includes('--as') ? null : {by: value, argv: rest}
}

/** The activity log's entry for an add or a revoke: the person who ran it, named as run from the command line. */
const logged = (bookings: SanityClient, by: string, summary: string, id: string) =>
  recordActivity(bookings, {
    at: new Date(),
    person: {id: `command-line:${by}`, name: `${by} (command line)`},
    kind: 'reseller',
    summary,
    booking: undefined,
    subject: {id},
  })

/**
 * `npm run resellers`: the owner's command line for reseller keys (scripts/resellers.ts wires the lake in). `add`
 * prints the new key alone on its last line (scripts read it with `tail -n 1`) and never again; `list` shows no key;
 * `revoke` stops a key at its next request. Answers the exit code.
 */
export async function runResellersCommand(
  argv: readonly string[],
  bookings: SanityClient,
  out: {log: (line: string) => void; error: (line: string) => void},
  fallbackBy: string,
): Promise<number> {
  const actor = commandActor(argv, fallbackBy)
  if (!actor) {
    out.error(RESELLERS_USAGE)
    return 2
  }
  const {by} = actor
  const [command, ...rest] = actor.argv
  if (command === 'add') {
    const [name, ...options] = rest
    if (!name || name.startsWith('--')) {
      out.error(RESELLERS_USAGE)
      return 2
    }
    let contact: string | undefined
    const experiences: string[] = []
    for (let i = 0; i < options.length; i += 2) {
      const value = options[i + 1]
      if (value === undefined || (options[i] !== '--contact' && options[i] !== '--experience')) {
        out.error(RESELLERS_USAGE)
        return 2
      }
      if (options[i] === '--contact') contact = value
      else experiences.push(value)
    }
    try {
      const {reseller, key} = await createReseller(bookings, {
        name,
        ...(contact ? {contact} : {}),
        experiences,
        createdBy: by,
      })
      await logged(bookings, by, `Added the reseller ${reseller.name}`, reseller._id)
      out.log(
        `Reseller ${reseller._id} "${reseller.name}" added. Its key, shown this once (only its hash is kept):`,
      )
      out.log(key)
      return 0
    } catch (error) {
      out.error(error instanceof Error ? error.message : String(error))
      return 2
    }
  }
  if (command === 'list' && rest.length === 0) {
    const resellers = await listResellers(bookings)
    if (resellers.length === 0) out.log('No resellers yet.')
    for (const r of resellers)
      out.log(
        [
          r._id,
          r.name,
          `key ${r.key_prefix}…`,
          r.revoked_at ? `revoked ${r.revoked_at} by ${r.revoked_by ?? 'someone'}` : 'active',
          r.experiences.length
            ? `experiences: ${r.experiences.join(', ')}`
            : 'every resellable experience',
          `added ${r.created_at} by ${r.created_by}`,
        ].join('\t'),
      )
    return 0
  }
  if (command === 'revoke' && rest.length === 1) {
    const id = rest[0]!
    if (!(await revokeReseller(bookings, id, by))) {
      out.error(`No reseller ${id}. See npm run resellers -- list.`)
      return 1
    }
    await logged(bookings, by, `Revoked the key of the reseller ${id}`, id)
    out.log(`Reseller ${id}'s key is revoked: its next request is refused.`)
    return 0
  }
  out.error(RESELLERS_USAGE)
  return 2
}
