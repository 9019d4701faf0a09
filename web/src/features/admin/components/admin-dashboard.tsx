import {useEffect, useId, useRef, useState} from 'react'
import {useQueryClient} from '@tanstack/react-query'
import {useSearchParams} from 'react-router-dom'

import {BOOKING_STATUSES, type BookingStatus} from '@repo/schemas/booking-status.ts'
import type {ConfirmationNumbers} from '@repo/schemas/capacity.ts'
import {
  BOOKING_VIEWS,
  isBookingView,
  type BookingView,
  type StaffBooking,
} from '@repo/schemas/staff-bookings.ts'
import {STAFF_ROLE_TITLES, type StaffSessionResponse} from '@repo/schemas/staff-roles.ts'
import {workingHoursInWords} from '@repo/schemas/working-hours.ts'

import {
  csvExportUrl,
  overCapacityOf,
  STAFF_EVENTS_URL,
  StaffApiError,
  staffKeys,
  useBookings,
  useChangeStatus,
  useLock,
  useStaffSession,
  type BookingFilters,
} from '../api/staff-api'
import {ConfirmAnywayDialog} from './confirm-anyway-dialog'
import {ActivityView} from './activity-view'
import {DeparturesView} from './departures-view'
import {AccountView} from './account-view'
import {PeopleView} from './people-view'
import {SecondStepSetup} from './second-step-setup'
import {passwordLinkFromHash, SetPassword} from './set-password'
import {AdminLogin} from './admin-login'
import {BookingDetailsDialog} from './booking-details-dialog'
import {BookingTable} from './booking-table'
import {ToastProvider, useToast} from './toasts'
import '../admin.css'

/** `/admin/bookings`: the locked gate until the server accepts the password, then Booking Management. */
export function AdminDashboard() {
  return (
    <ToastProvider>
      <AdminGate />
    </ToastProvider>
  )
}

function AdminGate() {
  const session = useStaffSession()
  // An invitation's or reset's link: read once in the browser (the server render never sees the fragment).
  const [link, setLink] = useState<ReturnType<typeof passwordLinkFromHash>>(null)
  const [done, setDone] = useState<{email: string} | null>(null)
  useEffect(() => setLink(passwordLinkFromHash(window.location.hash)), [])
  if (link && !session.data) {
    return (
      <SetPassword
        link={link}
        onDone={(email) => {
          // The token leaves the address bar and the history entry once used.
          window.history.replaceState(null, '', window.location.pathname + window.location.search)
          setLink(null)
          setDone({email: email ?? ''})
        }}
      />
    )
  }
  // Also while checking (and in the server render): the gate, never a glimpse of the dashboard.
  if (!session.data)
    return done ? (
      <AdminLogin email={done.email} notice="Your password is saved. Sign in with it now." />
    ) : (
      <AdminLogin />
    )
  return <BookingManagement session={session.data} />
}

const EMPTY_FILTERS: Omit<BookingFilters, 'view'> = {
  search: '',
  status: '',
  experience: '',
  page: 1,
}

/**
 * Active, past or all trips, kept in the address (`?view=past`), so a reload or a shared link shows the same
 * trips; active, the default, keeps the address clean.
 */
function useTripView(): [BookingView, (view: BookingView) => void] {
  const [params, setParams] = useSearchParams()
  const value = params.get('view')
  const fromAddress: BookingView = isBookingView(value) ? value : 'active'
  // The choice shows at once; the router updates the address a moment later (a transition), and a controlled radio
  // that waited for it would spring back to the old choice in between.
  const [view, setView] = useState(fromAddress)
  useEffect(() => setView(fromAddress), [fromAddress])
  const choose = (next: BookingView) => {
    setView(next)
    setParams(
      (current) => {
        const address = new URLSearchParams(current)
        if (next === 'active') address.delete('view')
        else address.set('view', next)
        return address
      },
      {replace: true},
    )
  }
  return [view, choose]
}

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/** New and changed bookings arrive over the staff events stream; the list refetches with its filters. */
function useLiveBookings(onNew: () => void, enabled: boolean) {
  const queryClient = useQueryClient()
  const onNewRef = useRef(onNew)
  onNewRef.current = onNew
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return
    const source = new EventSource(STAFF_EVENTS_URL)
    let timer: ReturnType<typeof setTimeout> | undefined
    source.addEventListener('booking', (event) => {
      const {transition} = JSON.parse((event as MessageEvent<string>).data) as {transition: string}
      if (transition === 'appear') onNewRef.current()
      // Several changes in one moment cost one refetch.
      clearTimeout(timer)
      timer = setTimeout(() => {
        void queryClient.invalidateQueries({queryKey: staffKeys.bookings})
        void queryClient.invalidateQueries({queryKey: staffKeys.departures})
      }, 150)
    })
    return () => {
      clearTimeout(timer)
      source.close()
    }
  }, [queryClient, enabled])
}

/**
 * What the person's role may do decides what is shown (the server refuses the rest with 403 anyway): a guide sees
 * only the departures; the CSV of bookings is for owners and managers.
 */
function BookingManagement({session}: {session: StaffSessionResponse}) {
  const can = (action: StaffSessionResponse['actions'][number]) => session.actions.includes(action)
  const readsBookings = can('bookings.read')
  const toast = useToast()
  const queryClient = useQueryClient()
  const [searchInput, setSearchInput] = useState('')
  const [filters, setFilters] = useState(EMPTY_FILTERS)
  const search = useDebounced(searchInput, 250)
  const [tripView, setTripView] = useTripView()
  const effective = {...filters, search, view: tripView}
  const bookings = useBookings(effective, readsBookings)
  const changeStatus = useChangeStatus()
  const lock = useLock()
  const [view, setView] = useState<'bookings' | 'departures' | 'people' | 'activity' | 'account'>(
    readsBookings ? 'bookings' : 'departures',
  )
  const [detailsId, setDetailsId] = useState<string | null>(null)
  const [overCapacity, setOverCapacity] = useState<{
    booking: StaffBooking
    numbers: ConfirmationNumbers
  } | null>(null)
  const detailsSnapshot = useRef<StaffBooking | null>(null)
  const returnFocus = useRef<HTMLElement | null>(null)
  const [replyFirst, setReplyFirst] = useState(false)
  const ids = {search: useId(), status: useId(), experience: useId(), tripView: useId()}

  useLiveBookings(
    () =>
      toast({
        title: 'New booking',
        description: 'A new booking request has arrived.',
        variant: 'default',
      }),
    readsBookings,
  )

  const error = bookings.error
  useEffect(() => {
    if (!error) return
    if (error instanceof StaffApiError && error.status === 401) {
      queryClient.setQueryData(staffKeys.session, null)
      return
    }
    console.error('Failed to load bookings', error)
    toast({title: 'Error', description: 'Failed to load bookings', variant: 'destructive'})
  }, [error, toast, queryClient])

  const list = bookings.data
  const current = list?.bookings.find((b) => b._id === detailsId) ?? null
  if (current) detailsSnapshot.current = current
  const details = detailsId ? (current ?? detailsSnapshot.current) : null

  function setStatus(booking: StaffBooking, status: BookingStatus, confirmAnyway = false) {
    changeStatus.mutate(
      {booking, status, confirmAnyway},
      {
        onSuccess: () => {
          setOverCapacity(null)
          toast({title: 'Success', description: 'Status updated successfully', variant: 'default'})
        },
        onError: (err) => {
          // Beyond the departure's places: ask first, with the numbers (issue 13).
          const numbers = overCapacityOf(err)
          if (numbers) {
            setOverCapacity({booking, numbers})
            return
          }
          setOverCapacity(null)
          toast({
            title: 'Error',
            description:
              err instanceof StaffApiError && err.status === 409
                ? 'Failed to update status: this booking was changed by someone else. Its current status is shown.'
                : 'Failed to update status',
            variant: 'destructive',
          })
        },
      },
    )
  }

  const update = (patch: Partial<Omit<BookingFilters, 'view'>>) =>
    setFilters((f) => ({...f, ...patch, page: patch.page ?? 1}))
  const summary = list?.summary
  const showLoading = bookings.isPending || (bookings.isFetching && !list)

  return (
    <div className="admin-dashboard">
      <header className="admin-dashboard__header">
        <h1>Booking Management</h1>
        <p className="muted admin-dashboard__person">
          Signed in as {session.person.name} ({STAFF_ROLE_TITLES[session.person.role]})
        </p>
        <div className="button-row">
          {view === 'bookings' && can('bookings.export') ? (
            <a className="button button--ghost" href={csvExportUrl(effective)} download>
              Export CSV
            </a>
          ) : null}
          {readsBookings ? (
            <button
              type="button"
              className="button button--ghost"
              onClick={() => void bookings.refetch()}
              disabled={bookings.isFetching}
            >
              Refresh
            </button>
          ) : null}
          <button type="button" className="button button--primary" onClick={() => lock.mutate()}>
            Lock
          </button>
        </div>
      </header>

      {session.secondStep.setupRequired ? <SecondStepSetup required /> : null}

      <nav
        className="admin-views"
        aria-label="Dashboard views"
        hidden={session.secondStep.setupRequired}
      >
        {(
          [
            ['bookings', 'Bookings', 'bookings.read'],
            ['departures', 'Departures', 'departures.read'],
            ['people', 'People', 'people.manage'],
            ['activity', 'Activity', 'activity.read'],
            ['account', 'Your account', null],
          ] as const
        )
          .filter(([, , action]) => action === null || can(action))
          .map(([value, label]) => (
            <button
              key={value}
              type="button"
              className="button button--ghost"
              aria-current={view === value ? 'page' : undefined}
              onClick={() => setView(value)}
            >
              {label}
            </button>
          ))}
      </nav>

      {view === 'departures' && can('departures.read') ? (
        <DeparturesView canExport={can('departures.export')} />
      ) : null}
      {view === 'people' && can('people.manage') ? <PeopleView selfId={session.person.id} /> : null}
      {view === 'activity' && can('activity.read') ? <ActivityView /> : null}
      {view === 'account' ? <AccountView session={session} /> : null}

      <div hidden={view !== 'bookings'}>
        <div className="admin-filters" role="search" aria-label="Filter bookings">
          <div className="field">
            <label htmlFor={ids.search}>Search</label>
            <input
              id={ids.search}
              type="search"
              placeholder="Name, email, reference or experience"
              value={searchInput}
              onChange={(event) => {
                setSearchInput(event.target.value)
                // A new search starts at its first page.
                setFilters((f) => (f.page === 1 ? f : {...f, page: 1}))
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={ids.status}>Status</label>
            <select
              id={ids.status}
              value={filters.status}
              onChange={(event) => update({status: event.target.value as BookingStatus | ''})}
            >
              <option value="">All statuses</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.title}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={ids.experience}>Experience</label>
            <select
              id={ids.experience}
              value={filters.experience}
              onChange={(event) => update({experience: event.target.value})}
            >
              <option value="">All experiences</option>
              {(list?.experiences ?? []).map((title) => (
                <option key={title} value={title}>
                  {title}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="admin-trip-view">
            <legend>Trips</legend>
            {BOOKING_VIEWS.map(({value, title}) => (
              <label key={value} className="admin-trip-view__option">
                <input
                  type="radio"
                  name={ids.tripView}
                  value={value}
                  checked={tripView === value}
                  onChange={() => {
                    setTripView(value)
                    update({page: 1})
                  }}
                />
                {title}
              </label>
            ))}
          </fieldset>
        </div>

        {summary && summary.waiting > 0 ? (
          <p className="admin-waiting-line">
            {summary.waiting === 1 ? '1 request has' : `${summary.waiting} requests have`} waited{' '}
            {workingHoursInWords(list.responseTargetHours)} or more for an answer.
          </p>
        ) : null}

        <ul className="admin-tiles" aria-label="Summary">
          {(
            [
              ['Total Bookings', summary?.total],
              ['New', summary?.new],
              ['Contacted', summary?.contacted],
              ['Confirmed', summary?.confirmed],
              ['Total Pax', summary?.pax],
              ['Waiting too long', summary?.waiting],
            ] as const
          ).map(([label, value]) => (
            <li
              key={label}
              className={
                label === 'Waiting too long' && value
                  ? 'admin-tile admin-tile--waiting'
                  : 'admin-tile'
              }
            >
              <span className="admin-tile__label">{label}</span>
              <span className="admin-tile__value">{value ?? '–'}</span>
            </li>
          ))}
        </ul>

        <div aria-live="polite" aria-busy={bookings.isFetching}>
          {showLoading ? (
            <p className="admin-empty">Loading bookings...</p>
          ) : list && list.bookings.length === 0 ? (
            <p className="admin-empty">No bookings found matching your filters.</p>
          ) : null}
        </div>

        {list && list.bookings.length > 0 ? (
          <BookingTable
            bookings={list.bookings}
            pendingId={
              changeStatus.isPending ? (changeStatus.variables?.booking._id ?? null) : null
            }
            onStatusChange={setStatus}
            onView={(booking, button, focus) => {
              returnFocus.current = button
              setReplyFirst(focus === 'reply')
              setDetailsId(booking._id)
            }}
          />
        ) : null}

        {list && (list.page > 1 || list.hasMore) ? (
          <nav className="admin-pages" aria-label="Pages of bookings">
            <button
              type="button"
              className="button button--ghost"
              disabled={list.page <= 1}
              onClick={() => update({page: list.page - 1})}
            >
              Previous page
            </button>
            <span aria-current="page">Page {list.page}</span>
            <button
              type="button"
              className="button button--ghost"
              disabled={!list.hasMore}
              onClick={() => update({page: list.page + 1})}
            >
              Next page
            </button>
          </nav>
        ) : null}
      </div>

      <ConfirmAnywayDialog
        pending={overCapacity}
        busy={changeStatus.isPending}
        onCancel={() => setOverCapacity(null)}
        onConfirm={() => {
          if (!overCapacity) return
          // The server's copy may be newer than the row the dropdown showed.
          const latest =
            list?.bookings.find((b) => b._id === overCapacity.booking._id) ?? overCapacity.booking
          setStatus(latest, 'confirmed', true)
        }}
      />

      <BookingDetailsDialog
        booking={details}
        onClose={() => setDetailsId(null)}
        returnFocusRef={returnFocus}
        replyFirst={replyFirst}
        markingContacted={changeStatus.isPending}
        onMarkContacted={(booking) => setStatus(booking, 'contacted')}
      />
    </div>
  )
}
