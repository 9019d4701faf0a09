/**
 * Who may do what on the staff dashboard, in one place for the server (which refuses with 403) and the dashboard
 * (which shows only what the role may do). Owners do everything; managers run the day (triage, decisions,
 * departures and their cancellation, exports, privacy); staff triage, decide and export departures, and run the booking
 * desk; guides read the manifests of the departures they guide and check travellers in.
 */
export const STAFF_ROLES = ['owner', 'manager', 'staff', 'guide'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const STAFF_ROLE_TITLES: Record<StaffRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  staff: 'Staff',
  guide: 'Guide',
}

/** `invited`: asked by mail to set a password, and cannot sign in until they have. */
export const STAFF_STATES = ['active', 'invited', 'deactivated'] as const
export type StaffState = (typeof STAFF_STATES)[number]

export const STAFF_ACTIONS = [
  /** The bookings list, one booking's mail log, live updates. */
  'bookings.read',
  /** Status, notes, decisions and their previews, sending a mail again. */
  'bookings.decide',
  /** The bookings CSV (every traveller's personal data in one file). */
  'bookings.export',
  /** The departures view: places and the people on each trip. */
  'departures.read',
  /** The departures CSV: every traveller of every departure in a range, for the office's planning. */
  'departures.export',
  /** Staff accounts: invite, change role, deactivate. */
  'people.manage',
  /** The activity log of everyone's actions. */
  'activity.read',
  /** Cancelling a departure (weather, conditions) and offering its travellers other dates. */
  'departures.cancel',
  /** The confirmed newsletter subscribers' CSV, for the mailing tool. */
  'subscribers.export',
  /** Retention periods, travellers' access and erasure requests, the security-incident register. */
  'privacy.manage',
  /** The Reports page: demand, conversion, occupancy, service, value and reviews in figures (no personal data). */
  'reports.read',
  /** The Channels page: resellers selling through OCTO, their keys, bookings and request log. */
  'channels.manage',
  /** The guide's Today view: the departures of today and tomorrow they guide (managers: every one), and manifests. */
  'today.read',
  /** Checking travellers in (a tap or their ticket's QR code) and recording no-shows. */
  'attendance.record',
  /** The booking desk: a booking for a guest on the phone or at the desk, a booking's date or group changed. */
  'bookings.desk',
  /** One message to everyone on a departure, in the editors' template. */
  'departures.message',
  /** Guides and a resource (a boat, a vehicle) for a departure; each guide is mailed the invitation. */
  'departures.assign',
] as const
export type StaffAction = (typeof STAFF_ACTIONS)[number]

const ROLE_ACTIONS: Record<StaffRole, readonly StaffAction[]> = {
  owner: STAFF_ACTIONS,
  manager: [
    'bookings.read',
    'bookings.decide',
    'bookings.export',
    'departures.read',
    'departures.export',
    'departures.cancel',
    'subscribers.export',
    'privacy.manage',
    'reports.read',
    'channels.manage',
    'today.read',
    'attendance.record',
    'bookings.desk',
    'departures.message',
    'departures.assign',
  ],
  staff: [
    'bookings.read',
    'bookings.decide',
    'departures.read',
    'departures.export',
    'bookings.desk',
    'departures.message',
  ],
  /**
   * A guide reads the manifests of the departures they guide, in the Today view, and checks travellers in; every
   * other departure's travellers, and the CSV of a whole range, are not theirs to see (issue 46, decision 242).
   */
  guide: ['today.read', 'attendance.record'],
}

export const staffCan = (role: StaffRole, action: StaffAction): boolean =>
  ROLE_ACTIONS[role].includes(action)

export const staffActionsOf = (role: StaffRole): StaffAction[] => [...ROLE_ACTIONS[role]]

/** The signed-in person as `GET /api/staff/session` answers it. */
export type StaffSessionResponse = {
  person: {id: string; name: string; email: string | null; role: StaffRole}
  /** What the role may do; none until a required second step is set up. */
  actions: StaffAction[]
  /** Whether the person has a second step, and whether they must set one up before anything else. */
  secondStep: {enabled: boolean; setupRequired: boolean}
  /** Whether they must give their name and email address before anything else (the first owner has neither). */
  profile: {required: boolean}
}

/** `POST /api/staff/session` (checked by `staffLoginSchema` in staff-login.ts). */
export type StaffLogin = {email?: string; password: string; code?: string}
