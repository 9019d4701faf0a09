import {useId} from 'react'

import type {StaffAction} from '@repo/schemas/staff-roles.ts'

export type DashboardView =
  | 'bookings'
  | 'departures'
  | 'reports'
  | 'people'
  | 'activity'
  | 'privacy'
  | 'privacy-register'
  | 'account'
  | 'channels'
  | 'today'

/** Each view, and what the person's role must allow to see it ("Your account" is everyone's). */
const VIEWS: readonly [DashboardView, string, StaffAction | null][] = [
  ['bookings', 'Bookings', 'bookings.read'],
  ['departures', 'Departures', 'departures.read'],
  ['reports', 'Reports', 'reports.read'],
  ['people', 'People', 'people.manage'],
  ['activity', 'Activity', 'activity.read'],
  ['privacy', 'Personal data', 'privacy.manage'],
  ['privacy-register', 'Privacy register', 'privacy.manage'],
  ['channels', 'Channels', 'channels.manage'],
  ['today', 'Today', 'today.read'],
  ['account', 'Your account', null],
]

/**
 * The views the person may open, the current one marked: a row of buttons, and on a phone one compact menu in
 * their place (admin.css), so the header and the views do not fill the first screen.
 */
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
  const id = useId()
  const views = VIEWS.filter(([, , action]) => action === null || can(action))
  return (
    <nav className="admin-views" aria-label="Dashboard views" hidden={hidden}>
      <div className="admin-views__buttons">
        {views.map(([value, label]) => (
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
      </div>
      <div className="admin-views__compact field">
        <label htmlFor={id}>Show</label>
        <select
          id={id}
          value={current}
          onChange={(event) => onChoose(event.target.value as DashboardView)}
        >
          {views.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
    </nav>
  )
}
