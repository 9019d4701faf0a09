import {z} from './zod.ts'

import {isIsoDate} from './iso-date.ts'
import {safeMultiLine} from './safe-text.ts'
import {INCIDENT_LIMITS} from './security-incident-limits.ts'

/**
 * The register of security incidents (POPIA section 22, GDPR article 33(5)): what happened, to whom, and when the
 * Information Regulator and the people affected were told. Managers keep it on the dashboard
 * (`privacy.manage`); it lives in the private `bookings` dataset, and every change names who made it.
 */
export const SECURITY_INCIDENT_TYPE = 'securityIncident'

export {INCIDENT_LIMITS} from './security-incident-limits.ts'

const day = (what: string) =>
  z.string(`Give the date ${what} as a date.`).refine(isIsoDate, `Give the date ${what} as a date.`)

/** An optional date: empty in the form is "not yet". */
const optionalDay = (what: string) =>
  z
    .union([z.literal(''), z.null(), day(what)])
    .optional()
    .transform((value) => value || null)

export const securityIncidentSchema = z
  .strictObject(
    {
      occurredOn: day('it happened'),
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

/** One entry as `GET /api/staff/incidents` answers it. */
export type SecurityIncidentEntry = {
  _id: string
  _rev: string
  occurredOn: string
  description: string
  affected: string
  regulatorToldOn: string | null
  peopleToldOn: string | null
  history: SecurityIncidentChange[]
}
