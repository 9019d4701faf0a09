import type {SanityClient} from '@sanity/client'

import {createReseller, listResellers, revokeReseller} from './resellers.ts'

export const RESELLERS_USAGE = `Usage:
  npm run resellers -- add "<name>" [--contact "<who to call>"] [--experience <experience id>]...
  npm run resellers -- list
  npm run resellers -- revoke <reseller id>`

/**
 * `npm run resellers`: the owner's command line for reseller keys (scripts/resellers.ts wires the lake in). `add`
 * prints the new key alone on its last line (scripts read it with `tail -n 1`) and never again; `list` shows no key;
 * `revoke` stops a key at its next request. Answers the exit code.
 */
export async function runResellersCommand(
  argv: readonly string[],
  bookings: SanityClient,
  out: {log: (line: string) => void; error: (line: string) => void},
  by: string,
): Promise<number> {
  const [command, ...rest] = argv
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
    out.log(`Reseller ${id}'s key is revoked: its next request is refused.`)
    return 0
  }
  out.error(RESELLERS_USAGE)
  return 2
}
