import {STAFF_ROLE_TITLES, type StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

/**
 * The dashboard's title, who is signed in, and its buttons: the list's CSV and Refresh where offered, and Sign out
 * (which ends this session: the dashboard locks until someone signs in again).
 */
export function DashboardHeader({
  person,
  exportUrl,
  refresh,
  onLock,
}: {
  person: StaffSessionResponse['person']
  /** The CSV of the list as filtered; null where it is not offered. */
  exportUrl: string | null
  /** Loads the list again; null for someone who cannot read bookings. */
  refresh: {onClick: () => void; busy: boolean} | null
  onLock: () => void
}) {
  return (
    <header className="admin-dashboard__header">
      <h1>Booking Management</h1>
      <p className="muted admin-dashboard__person">
        {/* A person not yet named (the first owner, until they give their name) is named by their role alone. */}
        Signed in as {person.name}
        {person.name === STAFF_ROLE_TITLES[person.role]
          ? null
          : ` (${STAFF_ROLE_TITLES[person.role]})`}
      </p>
      <div className="button-row">
        {exportUrl ? (
          <a className="button button--ghost" href={exportUrl} download>
            Export CSV
          </a>
        ) : null}
        {refresh ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={refresh.onClick}
            disabled={refresh.busy}
          >
            Refresh
          </button>
        ) : null}
        <button type="button" className="button button--primary" onClick={onLock}>
          Sign out
        </button>
      </div>
    </header>
  )
}
