/** How long an incident's descriptions may be: the register's form and its schema (security-incidents.ts) share them. */
export const INCIDENT_LIMITS = {description: 4000, affected: 2000} as const
