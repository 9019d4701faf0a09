/** How long an incident's descriptions may be: the register's form and its schema (security-incidents.ts) share them. */
export const INCIDENT_LIMITS = {description: 4000, affected: 2000, actions: 4000} as const

/** How serious an incident is, with the words the register shows: light enough for the form's first load. */
export const INCIDENT_SEVERITIES = ['low', 'medium', 'high'] as const
export type IncidentSeverity = (typeof INCIDENT_SEVERITIES)[number]
export const INCIDENT_SEVERITY_TITLES: Record<IncidentSeverity, string> = {
  low: 'Low: no likely harm to anyone',
  medium: 'Medium: some harm possible',
  high: 'High: serious harm likely',
}

/** The kinds of personal data an incident touched (POPIA s22 asks which), as the register names them. */
export const INCIDENT_DATA_CATEGORIES = ['contact', 'trip', 'notes', 'staff', 'other'] as const
export type IncidentDataCategory = (typeof INCIDENT_DATA_CATEGORIES)[number]
export const INCIDENT_DATA_CATEGORY_TITLES: Record<IncidentDataCategory, string> = {
  contact: 'Travellers’ contact details (name, email, phone)',
  trip: 'Trip details (dates, experiences, party size, pick-up)',
  notes: 'Travellers’ notes (may hold health or dietary details)',
  staff: 'Staff accounts',
  other: 'Other (say which in “What happened”)',
}

export const INCIDENT_STATES = ['open', 'closed'] as const
export type IncidentState = (typeof INCIDENT_STATES)[number]
