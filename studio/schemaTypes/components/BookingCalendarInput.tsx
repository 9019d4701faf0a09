import {CheckmarkIcon} from '@sanity/icons/Checkmark'
import {ClockIcon} from '@sanity/icons/Clock'
import {CloseCircleIcon} from '@sanity/icons/CloseCircle'
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
  useFormValue,
  type ArrayOfPrimitivesInputProps,
  type FormPatch,
} from 'sanity'

import {DEFAULT_EXPERIENCE_SETTINGS, leadTimeProblem} from '@repo/schemas/experience-settings.ts'
import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {isIsoDate, todayInCapeTown} from '@repo/schemas/iso-date.ts'

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
 * The blackout dates' input with, above the list, the next 90 days by the editor's rules: open for requests,
 * blocked by lead time or blacked out, from the form's current values and the same rules as the booking dialog and
 * the functions. Clicking a day (or Enter/Space on it) adds it to the blackout dates or takes it out. It reads no
 * booking: places taken are the staff's, in the dashboard (docs/decisions/175-editors-reach-no-bookings.md).
 */

const LOOK: Record<DayState, {tone: CardTone; icon?: ComponentType}> = {
  'open': {tone: 'positive', icon: CheckmarkIcon},
  'lead-time': {tone: 'caution', icon: ClockIcon},
  'blackout': {tone: 'critical', icon: CloseCircleIcon},
  'past': {tone: 'transparent'},
}
const LEGEND: DayState[] = ['open', 'lead-time', 'blackout', 'past']

/** Cape Town's date, checked each minute so the calendar turns over at midnight there. */
function useCapeTownToday(): string {
  const [today, setToday] = useState(() => todayInCapeTown())
  useEffect(() => {
    const timer = setInterval(() => setToday(todayInCapeTown()), 60_000)
    return () => clearInterval(timer)
  }, [])
  return today
}

const toFormPatch = (patch: BlackoutPatch): FormPatch =>
  patch.type === 'set'
    ? set(patch.value)
    : patch.type === 'unset'
      ? unset([patch.index])
      : insert([patch.value], patch.position, [patch.index])

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
    () => ({
      leadTimeDays:
        leadTimeValid && leadTimeDays !== undefined
          ? leadTimeDays
          : DEFAULT_EXPERIENCE_SETTINGS.leadTimeDays,
      blackoutDates,
    }),
    [leadTimeValid, leadTimeDays, blackoutDates],
  )
  const days = useMemo(() => calendarDays({rules, today}), [rules, today])
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
              The next {CALENDAR_DAYS} days by these rules (Cape Town dates)
            </Text>
            <Text size={1}>
              Click an open or blacked-out date to black it out or take it out again. The calendar
              follows this form’s lead time and blackout dates as you edit. Places taken on each
              date are in the staff dashboard’s Departures view.
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
