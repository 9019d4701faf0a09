import {lazy, Suspense, useEffect, useState} from 'react'

import type {StaffAction, StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

import {csvExportUrl, useLock, useStaffSession} from '../api/staff-api'
import {useBookingList} from '../hooks/use-booking-list'
import {AccountView} from './account-view'
import {ActivityView} from './activity-view'
import {AdminLogin} from './admin-login'
import {BookingsView} from './bookings-view'
import {DashboardHeader} from './dashboard-header'
import {DashboardViewsNav, type DashboardView} from './dashboard-views-nav'
import {DeparturesView} from './departures-view'
import {OwnProfileForm} from './own-profile-form'
import {PeopleView} from './people-view'
import {PrivacyView} from './privacy-view'
import {PrivacyRegisterView} from './privacy-register-view'
import {SecondStepSetup} from './second-step-setup'
import {passwordLinkFromHash, SetPassword} from './set-password'
import {ToastProvider} from './toasts'
import {TodayView} from './today-view'
import '../admin.css'

/** Reports and its charting library load only when an owner or a manager opens them (reports-view.tsx). */
const ReportsView = lazy(() =>
  import('./reports-view').then((module) => ({default: module.ReportsView})),
)

/** The Channels page (resellers) loads only when an owner or a manager opens it (channels-view.tsx). */
const ChannelsView = lazy(() =>
  import('./channels-view').then((module) => ({default: module.ChannelsView})),
)

/** `/admin/bookings`: the locked gate until the server accepts the password, then Booking Management. */
export function AdminDashboard() {
  return (
    <ToastProvider>
      <AdminGate />
    </ToastProvider>
  )
}

/** After a reset: the passkeys it removed (decision 157), to be added again once signed in. */
const removedPasskeysNotice = (count: number) =>
  count === 0
    ? ''
    : ` ${count === 1 ? 'Your passkey was' : `Your ${count} passkeys were`} removed with the reset: add ${count === 1 ? 'it' : 'them'} again from “Your account”.`

function AdminGate() {
  const session = useStaffSession()
  // An invitation's or reset's link: read once in the browser (the server render never sees the fragment).
  const [link, setLink] = useState<ReturnType<typeof passwordLinkFromHash>>(null)
  const [done, setDone] = useState<{email: string; removedPasskeys: number} | null>(null)
  useEffect(() => setLink(passwordLinkFromHash(window.location.hash)), [])
  if (link && !session.data) {
    return (
      <SetPassword
        link={link}
        onDone={(email, removedPasskeys) => {
          // The token leaves the address bar and the history entry once used.
          window.history.replaceState(null, '', window.location.pathname + window.location.search)
          setLink(null)
          setDone({email: email ?? '', removedPasskeys})
        }}
      />
    )
  }
  // Also while checking (and in the server render): the gate, never a glimpse of the dashboard.
  if (!session.data)
    return done ? (
      <AdminLogin
        email={done.email}
        notice={`Your password is saved. Sign in with it now.${removedPasskeysNotice(done.removedPasskeys)}`}
      />
    ) : (
      <AdminLogin />
    )
  return <BookingManagement session={session.data} />
}

/**
 * What the person's role may do decides what is shown (the server refuses the rest with 403 anyway): a guide sees
 * only the departures; the CSV of bookings is for owners and managers.
 */
function BookingManagement({session}: {session: StaffSessionResponse}) {
  const can = (action: StaffAction) => session.actions.includes(action)
  const readsBookings = can('bookings.read')
  const list = useBookingList(readsBookings)
  const lock = useLock()
  // A guide's day starts on Today: the departures they guide (issue 46).
  const [view, setView] = useState<DashboardView>(
    readsBookings ? 'bookings' : can('today.read') ? 'today' : 'departures',
  )
  const settingUp = session.secondStep.setupRequired

  if (session.profile?.required)
    return (
      <div className="admin-dashboard">
        <DashboardHeader
          person={session.person}
          exportUrl={null}
          refresh={null}
          onLock={() => lock.mutate()}
        />
        <OwnProfileForm />
      </div>
    )

  return (
    <div className="admin-dashboard">
      <DashboardHeader
        person={session.person}
        exportUrl={
          view === 'bookings' && can('bookings.export') ? csvExportUrl(list.effective) : null
        }
        refresh={
          readsBookings
            ? {onClick: () => void list.bookings.refetch(), busy: list.bookings.isFetching}
            : null
        }
        onLock={() => lock.mutate()}
      />

      {settingUp ? <SecondStepSetup required /> : null}

      <DashboardViewsNav current={view} can={can} hidden={settingUp} onChoose={setView} />

      {view === 'departures' && can('departures.read') ? (
        <DeparturesView
          canExport={can('departures.export')}
          canCancel={can('departures.cancel')}
          canMessage={can('departures.message')}
          canAssign={can('departures.assign')}
        />
      ) : null}
      {view === 'reports' && can('reports.read') ? (
        <Suspense fallback={<p className="admin-empty">Loading reports...</p>}>
          <ReportsView />
        </Suspense>
      ) : null}
      {view === 'people' && can('people.manage') ? <PeopleView selfId={session.person.id} /> : null}
      {view === 'activity' && can('activity.read') ? <ActivityView /> : null}
      {view === 'privacy' && can('privacy.manage') ? <PrivacyView /> : null}
      {view === 'privacy-register' && can('privacy.manage') ? (
        <PrivacyRegisterView
          canExportSubscribers={can('subscribers.export')}
          canManage={can('privacy.manage')}
        />
      ) : null}
      {view === 'account' ? <AccountView session={session} /> : null}
      {view === 'channels' && can('channels.manage') ? (
        <Suspense fallback={<p className="admin-empty">Loading channels...</p>}>
          <ChannelsView />
        </Suspense>
      ) : null}
      {view === 'today' && can('today.read') ? <TodayView /> : null}

      <BookingsView
        list={list}
        enabled={readsBookings}
        hidden={view !== 'bookings'}
        desk={can('bookings.desk')}
      />
    </div>
  )
}
