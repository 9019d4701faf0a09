import {CheckmarkIcon} from '@sanity/icons/Checkmark'
import {ClockIcon} from '@sanity/icons/Clock'
import {CloseCircleIcon} from '@sanity/icons/CloseCircle'
import {UsersIcon} from '@sanity/icons/Users'
import {Box, Card, Flex, Grid, Stack, Text, type CardTone} from '@sanity/ui'
import {
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type KeyboardEvent,
} from 'react'
import {
  insert,
  set,
  unset,
  useClient,
  useFormValue,
  useWorkspaces,
  type ArrayOfPrimitivesInputProps,
  type FormPatch,
} from 'sanity'

import {
  COUNTED_STATUSES,
  countLoads,
  resolveBookingRules,
  type BookingLoad,
} from '@repo/schemas/capacity.ts'
import {DEFAULT_EXPERIENCE_SETTINGS, leadTimeProblem} from '@repo/schemas/experience-settings.ts'
import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {addDays, isIsoDate, todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {STUDIO_API_VERSION} from '../../lib/fields'
import {
  CALENDAR_DAYS,
  calendarDays,
  calendarMonths,
  dayAfterKey,
  STATE_WORDS,
  toggleBlackout,
  WEEKDAYS,
  type BlackoutPatch,
  type CalendarDay,
  type DayState,
} from './bookingCalendar'

/**
 * The blackout dates' input with, above the list, the next 90 days as a traveller finds them: available,
 * blocked by lead time, blacked out or full, from the form's current values and the same rules as the booking
 * dialog and the functions. Clicking a day (or Enter/Space on it) adds it to the blackout dates or takes it out.
 */

const LOOK: Record<DayState, {tone: CardTone; icon?: ComponentType}> = {
  'available': {tone: 'positive', icon: CheckmarkIcon},
  'lead-time': {tone: 'caution', icon: ClockIcon},
  'blackout': {tone: 'critical', icon: CloseCircleIcon},
  'full': {tone: 'suggest', icon: UsersIcon},
  'past': {tone: 'transparent'},
}
const LEGEND: DayState[] = ['available', 'lead-time', 'blackout', 'full', 'past']

/** Cape Town's date, checked each minute so the calendar turns over at midnight there. */
function useCapeTownToday(): string {
  const [today, setToday] = useState(() => todayInCapeTown())
  useEffect(() => {
    const timer = setInterval(() => setToday(todayInCapeTown()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return today
}

/** One experience's bookings as the functions read them: published, requests and confirmations, four fields. */
const bookingLoadsQuery = /* groq */ `*[_type == "booking" && !(_id in path("drafts.**")) && experience_id == $experience && date >= $from && date <= $to && status in $statuses] | order(date asc) [0...20000] {date, "slot": preferred_time, status, "pax": pax_total}`
const calendarExperienceQuery = /* groq */ `*[_id == $id][0]{"slug": slug.current, isBespoke}`

type Places =
  | {status: 'loading'}
  | {status: 'no-experience'}
  | {status: 'ready'; loads: BookingLoad[]; unlimited: boolean}
  | {status: 'denied'; message: string}
  | {status: 'failed'; message: string}

/**
 * The experience's bookings in the calendar's range, read from the private bookings dataset with the editor's own
 * session (as the bookings workspace's Confirm reads the content dataset), and read again when one changes.
 */
function useBookingLoads(experienceId: string | undefined, from: string, to: string): Places {
  const client = useClient({apiVersion: STUDIO_API_VERSION})
  const workspaces = useWorkspaces()
  const bookingsDataset =
    workspaces.find((workspace) => workspace.name === 'bookings')?.dataset ?? 'bookings'
  const [places, setPlaces] = useState<Places>({status: 'loading'})

  useEffect(() => {
    if (!experienceId) {
      setPlaces({status: 'no-experience'})
      return
    }
    setPlaces({status: 'loading'})
    const bookings = client.withConfig({dataset: bookingsDataset, perspective: 'raw'})
    const fail = (error: unknown) => {
      const code = (error as {statusCode?: number}).statusCode
      setPlaces(
        code === 401 || code === 403
          ? {status: 'denied', message: 'You cannot read the bookings.'}
          : {status: 'failed', message: error instanceof Error ? error.message : String(error)},
      )
    }
    let live = true
    let timer: ReturnType<typeof setTimeout> | undefined
    let listening: {unsubscribe: () => void} | undefined
    const read = async (slug: string, unlimited: boolean) => {
      try {
        const loads = await bookings.fetch<BookingLoad[]>(bookingLoadsQuery, {
          experience: slug,
          from,
          to,
          statuses: [...COUNTED_STATUSES],
        })
        if (live) setPlaces({status: 'ready', loads, unlimited})
      } catch (error) {
        if (live) fail(error)
      }
    }
    const start = async () => {
      try {
        const experience = await client.fetch<{slug?: string; isBespoke?: boolean} | null>(
          calendarExperienceQuery,
          {id: experienceId},
        )
        if (!live) return
        const slug = experience?.slug
        const unlimited = Boolean(experience?.isBespoke)
        // An experience without a slug has no bookings yet: nothing is full.
        if (!slug) return setPlaces({status: 'ready', loads: [], unlimited})
        await read(slug, unlimited)
        if (!live) return
        // A booking of this experience confirmed, moved or cancelled elsewhere: read again, once for a burst.
        listening = bookings
          .listen(
            '*[_type == "booking" && experience_id == $experience]',
            {experience: slug},
            {events: ['mutation'], includeResult: false, visibility: 'query'},
          )
          .subscribe({
            next: () => {
              clearTimeout(timer)
              timer = setTimeout(() => void read(slug, unlimited), 300)
            },
            // The numbers already shown stay; the next change of the form's experience listens again.
            error: () => undefined,
          })
      } catch (error) {
        if (live) fail(error)
      }
    }
    void start()
    return () => {
      live = false
      clearTimeout(timer)
      listening?.unsubscribe()
    }
  }, [client, bookingsDataset, experienceId, from, to])

  return places
}

const toFormPatch = (patch: BlackoutPatch): FormPatch =>
  patch.type === 'set'
    ? set(patch.value)
    : patch.type === 'unset'
      ? unset([patch.index])
      : insert([patch.value], patch.position, [patch.index])

function PlacesNote({places}: {places: Places}) {
  const text =
    places.status === 'loading'
      ? 'Reading the places booked…'
      : places.status === 'no-experience'
        ? 'Choose the experience to see which dates are full.'
        : places.status === 'denied'
          ? 'Full dates are not shown: you cannot read the bookings. A date marked available may be full.'
          : places.status === 'failed'
            ? `Full dates are not shown: the places booked could not be read (${places.message}). A date marked available may be full.`
            : places.unlimited
              ? 'A bespoke itinerary is planned around the traveller: its dates are never full.'
              : null
  if (!text) return null
  return (
    <Card
      padding={3}
      radius={2}
      tone={places.status === 'denied' || places.status === 'failed' ? 'caution' : 'neutral'}
      border
      data-testid="booking-calendar-places"
    >
      <Text size={1}>{text}</Text>
    </Card>
  )
}

function DayButton({
  day,
  focusable,
  readOnly,
  onToggle,
}: {
  day: CalendarDay
  focusable: boolean
  readOnly: boolean
  onToggle: (date: string) => void
}) {
  const {tone, icon: Icon} = LOOK[day.state]
  const disabled = !day.toggleable || readOnly
  const why = !day.toggleable
    ? day.state === 'past'
      ? 'A past date cannot be blacked out.'
      : 'Travellers cannot book this date anyway: it is inside the lead time.'
    : readOnly
      ? 'These settings are read-only.'
      : day.state === 'blackout'
        ? 'Click to take this date out of the blackout dates.'
        : 'Click to black out this date.'
  return (
    <Card
      as="button"
      type="button"
      tone={tone}
      radius={2}
      padding={1}
      border={day.state !== 'past'}
      data-date={day.date}
      data-state={day.state}
      tabIndex={focusable ? 0 : -1}
      aria-label={day.label}
      aria-pressed={day.toggleable ? day.state === 'blackout' : undefined}
      aria-disabled={disabled || undefined}
      title={`${day.label}. ${why}`}
      onClick={() => {
        if (!disabled) onToggle(day.date)
      }}
      style={{
        width: '100%',
        minHeight: '2.75rem',
        cursor: disabled ? 'default' : 'pointer',
        font: 'inherit',
      }}
    >
      <Stack gap={1} style={{justifyItems: 'center'}}>
        <Text size={1} weight={day.state === 'blackout' ? 'semibold' : 'regular'}>
          {Number(day.date.slice(8))}
        </Text>
        <Text size={0} aria-hidden>
          {Icon ? <Icon /> : '·'}
        </Text>
      </Stack>
    </Card>
  )
}

export function BookingCalendarInput(props: ArrayOfPrimitivesInputProps) {
  const {value, onChange, readOnly} = props
  const today = useCapeTownToday()
  const headingId = useId()
  const leadTimeDays = useFormValue(['leadTimeDays']) as number | undefined
  const timeSlots = useFormValue(['timeSlots']) as string[] | undefined
  const capacity = useFormValue(['capacity']) as number | undefined
  const maxPax = useFormValue(['maxPax']) as number | undefined
  const slotCapacities = useFormValue(['slotCapacities']) as
    {slot?: string; capacity?: number}[] | undefined
  const capacityOverrides = useFormValue(['capacityOverrides']) as
    {date?: string; slot?: string; capacity?: number}[] | undefined
  const experience = useFormValue(['experience']) as {_ref?: string} | undefined

  const blackoutDates = useMemo(
    () =>
      ((value ?? []) as unknown[]).filter(
        (d): d is string => typeof d === 'string' && isIsoDate(d),
      ),
    [value],
  )
  // A lead time being typed (empty, negative, a fraction) is not a rule yet: the calendar keeps the default and says so.
  const leadTimeValid = leadTimeProblem(leadTimeDays) === null
  const rules = useMemo(
    () =>
      resolveBookingRules({
        leadTimeDays: leadTimeValid ? leadTimeDays : DEFAULT_EXPERIENCE_SETTINGS.leadTimeDays,
        blackoutDates,
        timeSlots: timeSlots?.filter((slot): slot is string => typeof slot === 'string'),
        capacity,
        maxPax,
        slotCapacities,
        capacityOverrides,
      }),
    [
      leadTimeValid,
      leadTimeDays,
      blackoutDates,
      timeSlots,
      capacity,
      maxPax,
      slotCapacities,
      capacityOverrides,
    ],
  )

  const places = useBookingLoads(experience?._ref, today, addDays(today, CALENDAR_DAYS - 1))
  const counts = useMemo(
    () => (places.status === 'ready' ? countLoads(rules, places.loads) : null),
    [places, rules],
  )
  const days = useMemo(
    () =>
      calendarDays({
        rules,
        today,
        counts,
        unlimited: places.status === 'ready' && places.unlimited,
      }),
    [rules, today, counts, places],
  )
  const months = useMemo(() => calendarMonths(days), [days])

  // One day in the tab order (the one last moved to); arrow keys move between days, as in a date picker.
  const [focused, setFocused] = useState<string | null>(null)
  const inRange = focused && days.some((d) => d.date === focused) ? focused : null
  const focusDate = inRange ?? days.find((d) => d.toggleable)?.date ?? today
  const grid = useRef<HTMLDivElement>(null)
  const moveFocus = useCallback(
    (date: string) => {
      const first = days[0]!.date
      const last = days.at(-1)!.date
      const target = date < first ? first : date > last ? last : date
      setFocused(target)
      grid.current?.querySelector<HTMLElement>(`[data-date="${target}"]`)?.focus()
    },
    [days],
  )
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const date = (event.target as HTMLElement).dataset?.date
    const next = date ? dayAfterKey(date, event.key) : null
    if (!next) return
    event.preventDefault()
    moveFocus(next)
  }

  const [announcement, setAnnouncement] = useState('')
  const onToggle = useCallback(
    (date: string) => {
      const {patches, next} = toggleBlackout(value as (string | null)[] | undefined, date)
      onChange(patches.map(toFormPatch))
      setFocused(date)
      setAnnouncement(
        next.includes(date)
          ? `${formatDateInWords(date)} added to the blackout dates.`
          : `${formatDateInWords(date)} taken out of the blackout dates.`,
      )
    },
    [onChange, value],
  )

  return (
    <Stack gap={4}>
      <Card padding={3} radius={2} border data-testid="booking-calendar">
        <Stack gap={4}>
          <Stack gap={2}>
            <Text as="h3" id={headingId} size={1} weight="semibold">
              The next {CALENDAR_DAYS} days as travellers see them (Cape Town dates)
            </Text>
            <Text size={1}>
              Click an available or blacked-out date to black it out or take it out again. The
              calendar follows this form’s lead time, blackout dates, slots and places as you edit.
            </Text>
          </Stack>
          <Flex
            as="ul"
            gap={3}
            wrap="wrap"
            aria-label="Legend"
            style={{listStyle: 'none', margin: 0, padding: 0}}
          >
            {LEGEND.map((state) => {
              const {tone, icon: Icon} = LOOK[state]
              return (
                <Flex as="li" key={state} align="center" gap={2}>
                  <Card tone={tone} border={state !== 'past'} radius={2} padding={1} aria-hidden>
                    <Text size={0}>{Icon ? <Icon /> : '·'}</Text>
                  </Card>
                  <Text size={1}>
                    {STATE_WORDS[state][0]!.toUpperCase() + STATE_WORDS[state].slice(1)}
                  </Text>
                </Flex>
              )
            })}
          </Flex>
          {!leadTimeValid && (
            <Card padding={3} radius={2} tone="caution" border>
              <Text size={1}>
                The lead time is not a whole number of days from 0 to 365 yet: the calendar uses{' '}
                {DEFAULT_EXPERIENCE_SETTINGS.leadTimeDays} days until it is.
              </Text>
            </Card>
          )}
          <PlacesNote places={places} />
          <div ref={grid} onKeyDown={onKeyDown} role="group" aria-labelledby={headingId}>
            <Grid gridTemplateColumns={[1, 1, 2]} gap={4}>
              {months.map((month) => (
                <Stack key={month.key} gap={2}>
                  <Text as="h4" id={`${headingId}-${month.key}`} size={1} weight="semibold">
                    {month.title}
                  </Text>
                  <table
                    aria-labelledby={`${headingId}-${month.key}`}
                    style={{
                      borderCollapse: 'separate',
                      borderSpacing: 2,
                      width: '100%',
                      tableLayout: 'fixed',
                    }}
                  >
                    <thead>
                      <tr>
                        {WEEKDAYS.map((weekday) => (
                          <th
                            key={weekday.long}
                            scope="col"
                            abbr={weekday.long}
                            style={{padding: 0}}
                          >
                            <Text size={0} weight="medium">
                              {weekday.short}
                            </Text>
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {month.weeks.map((week) => (
                        <tr key={week.find(Boolean)!.date}>
                          {week.map((day, index) => (
                            <td key={day?.date ?? `pad-${index}`} style={{padding: 0}}>
                              {day && (
                                <DayButton
                                  day={day}
                                  focusable={day.date === focusDate}
                                  readOnly={Boolean(readOnly)}
                                  onToggle={onToggle}
                                />
                              )}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </Stack>
              ))}
            </Grid>
          </div>
          <Box role="status" aria-live="polite">
            {announcement && <Text size={1}>{announcement}</Text>}
          </Box>
        </Stack>
      </Card>
      {props.renderDefault(props)}
    </Stack>
  )
}
