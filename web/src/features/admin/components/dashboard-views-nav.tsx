import type {StaffAction} from '@repo/schemas/staff-roles.ts'

export type DashboardView =
  'bookings' | 'departures' | 'people' | 'activity' | 'privacy' | 'privacy-register' | 'account'

/** Each view, and what the person's role must allow to see it ("Your account" is everyone's). */
const VIEWS: readonly [DashboardView, string, StaffAction | null][] = [
  ['bookings', 'Bookings', 'bookings.read'],
  ['departures', 'Departures', 'departures.read'],
  ['people', 'People', 'people.manage'],
  ['activity', 'Activity', 'activity.read'],
  ['privacy', 'Personal data', 'privacy.manage'],
  ['privacy-register', 'Privacy register', 'privacy.manage'],
  ['account', 'Your account', null],
]

/** The views the person may open, the current one marked. */
export function DashboardViewsNav({
  current,
  can,
  hidden,
  onChoose,
}: {
  current: DashboardView
  can: (action: StaffAction) => boolean
  hidden: boolean
  onChoose: (view: DashboardView) => void
}) {
  return (
    <nav className="admin-views" aria-label="Dashboard views" hidden={hidden}>
      {VIEWS.filter(([, , action]) => action === null || can(action)).map(([value, label]) => (
        <button
          key={value}
          type="button"
          className="button button--ghost"
          aria-current={current === value ? 'page' : undefined}
          onClick={() => onChoose(value)}
        >
          {label}
        </button>
      ))}
    </nav>
  )
}
