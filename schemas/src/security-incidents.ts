import {z} from './zod.ts'

import {isIsoDate} from './iso-date.ts'
import {safeMultiLine} from './safe-text.ts'
import {
  INCIDENT_DATA_CATEGORIES,
  INCIDENT_LIMITS,
  INCIDENT_SEVERITIES,
  INCIDENT_STATES,
  type IncidentDataCategory,
  type IncidentSeverity,
  type IncidentState,
} from './security-incident-limits.ts'

/**
 * The register of security incidents (POPIA section 22, GDPR article 33(5)): what happened, to whom, and when the
 * Information Regulator and the people affected were told. Managers keep it on the dashboard
 * (`privacy.manage`); it lives in the private `bookings` dataset, and every change names who made it.
 */
export const SECURITY_INCIDENT_TYPE = 'securityIncident'

export {
  INCIDENT_DATA_CATEGORIES,
  INCIDENT_DATA_CATEGORY_TITLES,
  INCIDENT_LIMITS,
  INCIDENT_SEVERITIES,
  INCIDENT_SEVERITY_TITLES,
  INCIDENT_STATES,
} from './security-incident-limits.ts'

const day = (what: string) =>
  z.string(`Give the date ${what} as a date.`).refine(isIsoDate, `Give the date ${what} as a date.`)

/** An optional date: empty in the form is "not yet". */
const optionalDay = (what: string) =>
  z
    .union([z.literal(''), z.null(), day(what)])
    .optional()
    .transform((value) => value || null)

/** A count of people: empty in the form is "not known yet". */
const optionalCount = z
  .union([z.literal(''), z.null(), z.coerce.number('Give the number of people as a number.')])
  .optional()
  .transform((value) => (value === '' || value === null || value === undefined ? null : value))
  .refine(
    (value) => value === null || (Number.isInteger(value) && value >= 0 && value <= 10_000_000),
    'Give the number of people as a whole number (or leave it empty while it is not known).',
  )

export const securityIncidentSchema = z
  .strictObject(
    {
      occurredOn: day('it happened'),
      discoveredOn: day('it was discovered'),
      severity: z.enum(INCIDENT_SEVERITIES, 'Choose how serious it is.'),
      dataCategories: z
        .array(z.enum(INCIDENT_DATA_CATEGORIES, 'Choose the kinds of data from the list.'), {
          error: 'Choose at least one kind of data it touched.',
        })
        .min(1, 'Choose at least one kind of data it touched.')
        .max(INCIDENT_DATA_CATEGORIES.length)
        .transform((list) => [...new Set(list)]),
      peopleAffectedCount: optionalCount,
      actionsTaken: safeMultiLine(INCIDENT_LIMITS.actions, {what: 'what was done'}).min(
        1,
        'Say what was done about it (or “nothing yet”).',
      ),
      state: z.enum(INCIDENT_STATES, 'Say whether the incident is open or closed.'),
      closedOn: optionalDay('it was closed'),
      description: safeMultiLine(INCIDENT_LIMITS.description, {what: 'what happened'}).min(
        1,
        'Say what happened.',
      ),
      affected: safeMultiLine(INCIDENT_LIMITS.affected, {what: 'who was affected'}).min(
        1,
        'Say who was affected (or “nobody known”).',
      ),
      regulatorToldOn: optionalDay('the Information Regulator was told'),
      peopleToldOn: optionalDay('the people affected were told'),
    },
    {error: 'Send the entry with the register’s fields only.'},
  )
  .superRefine((value, ctx) => {
    if (value.discoveredOn < value.occurredOn)
      ctx.addIssue({
        code: 'custom',
        path: ['discoveredOn'],
        message: 'It cannot have been discovered before it happened.',
      })
    if (value.state === 'closed' && !value.closedOn)
      ctx.addIssue({code: 'custom', path: ['closedOn'], message: 'Give the date it was closed.'})
    if (value.state === 'open' && value.closedOn)
      ctx.addIssue({
        code: 'custom',
        path: ['closedOn'],
        message: 'An open incident has no closing date: mark it closed, or leave the date empty.',
      })
    if (value.closedOn && value.closedOn < value.discoveredOn)
      ctx.addIssue({
        code: 'custom',
        path: ['closedOn'],
        message: 'It cannot have been closed before it was discovered.',
      })
    for (const field of ['regulatorToldOn', 'peopleToldOn'] as const) {
      const told = value[field]
      if (told && told < value.occurredOn)
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Nobody can be told before the incident happened.',
        })
    }
  })

/** `PATCH /api/staff/incidents/:id`: the whole entry again, and the revision it was read at. */
export const securityIncidentChangeSchema = z.object(
  {
    revision: z
      .string('Reload the entry and make your change again.')
      .regex(/^[\w-]{1,100}$/, 'Reload the entry and make your change again.'),
    incident: securityIncidentSchema,
  },
  {error: 'Send the entry and the revision it was read at.'},
)

export type SecurityIncidentFormValues = z.input<typeof securityIncidentSchema>
export type SecurityIncidentPayload = z.output<typeof securityIncidentSchema>

/** One change to an entry, as the register shows it. */
export type SecurityIncidentChange = {
  _key: string
  at: string
  by: {id: string; name: string}
  change: 'recorded' | 'updated'
}

/**
 * One entry as `GET /api/staff/incidents` answers it. Entries recorded before the register asked for severity,
 * categories, the count, what was done and the state have null there until someone changes them.
 */
export type SecurityIncidentEntry = {
  _id: string
  _rev: string
  occurredOn: string
  discoveredOn: string | null
  severity: IncidentSeverity | null
  dataCategories: IncidentDataCategory[]
  peopleAffectedCount: number | null
  actionsTaken: string | null
  state: IncidentState
  closedOn: string | null
  description: string
  affected: string
  regulatorToldOn: string | null
  peopleToldOn: string | null
  history: SecurityIncidentChange[]
}
