import {isIsoDate} from './iso-date.ts'
import {z} from './zod.ts'

/**
 * Guides and a resource assigned to a departure (docs/decisions/239-assignments-on-the-departure-lock.md): the
 * request the departures view sends, checked alike by the dialog and the API, and what the view shows of it.
 */

/** The most guides one departure may have. */
export const MAX_GUIDES = 12

const documentId = (message: string) => z.string({error: message}).regex(/^[\w.-]{1,100}$/, message)

/** `PUT /api/staff/departures/assignment`: the whole assignment of one departure (none: `[]` and `null`). */
export const departureAssignmentSchema = z.strictObject(
  {
    experience: z
      .string({error: 'Choose a departure from the list.'})
      .regex(/^[\w-]{1,96}$/, 'Choose a departure from the list.'),
    date: z
      .string({error: 'Give the departure’s date as yyyy-MM-dd.'})
      .max(10, 'Give the departure’s date as yyyy-MM-dd.')
      .refine(isIsoDate, 'Give the departure’s date as yyyy-MM-dd.'),
    guideIds: z
      .array(documentId('Choose each guide from the list.'), {error: 'Give the guides as a list.'})
      .max(MAX_GUIDES, `Assign at most ${MAX_GUIDES} guides.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Choose each guide once.'),
    resourceId: documentId('Choose a resource from the list.').nullable(),
  },
  {error: 'Send the departure, its guides and its resource only.'},
)
export type DepartureAssignmentRequest = z.infer<typeof departureAssignmentSchema>

/** A departure's assignment as the view shows it: names as they are now, and who assigned them when. */
export type DepartureAssignment = {
  guides: {id: string; name: string}[]
  resource: {id: string; name: string; seats: number | null} | null
  by: string
  at: string
}

/** What may be chosen: active guides and every resource. */
export type AssignmentChoices = {
  guides: {id: string; name: string}[]
  resources: {id: string; name: string; seats: number | null}[]
}

/** `POST /departures/assignment`'s answer: the stored assignment and anything still short (too few guides). */
export type AssignmentAnswer = {assignment: DepartureAssignment; warnings: string[]}

/** Too few guides for the travellers, in words; null when enough (or none are needed). */
export function guidesShortMessage(needed: number, assigned: number, pax: number): string | null {
  if (assigned >= needed) return null
  return `Needs ${needed} ${needed === 1 ? 'guide' : 'guides'} for ${pax} ${pax === 1 ? 'traveller' : 'travellers'}; ${assigned === 0 ? 'none' : assigned} assigned.`
}
