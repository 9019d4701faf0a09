import {useQuery} from '@tanstack/react-query'
import {useState} from 'react'
import {Link, useActionData, useParams, useSearchParams} from 'react-router-dom'

import {withCancelledDates} from '@repo/schemas/departure-cancellation.ts'
import {paxSummary} from '@repo/schemas/experience-settings.ts'
import {isIsoDate, todayInCapeTown} from '@repo/schemas/iso-date.ts'
import type {BookingRules} from '@repo/schemas/capacity.ts'
import {checkTrip, type DepartureCounts} from '@repo/schemas/trip-check.ts'

import {Breadcrumbs} from '../../components/breadcrumbs'
import {Seo} from '../../components/seo'
import {useAvailability} from '../../features/booking/api/get-availability'
import {experienceSettingsQueryOptions} from '../../features/booking/api/get-experience-settings'
import {
  CHANGE_PARAM,
  changeTripHref,
  NO_DATE_PROBLEM,
  partyFromParams,
  readBookingQuery,
  type BookingQuery,
} from '../../features/booking/booking-url'
import {BookingForm} from '../../features/booking/components/booking-form'
import {TripChoiceForm, type TripChoice} from '../../features/booking/components/trip-choice-form'
import {TripFacts} from '../../features/booking/components/trip-facts'
import {WAITLIST_FORM_NAME, type WaitlistJoinOutcome} from '../../features/booking/waitlist-fields'
import {experienceQueryOptions} from '../../features/experiences/api/get-experience'
import {formatShortDate} from '@repo/schemas/format-date.ts'
import {DEFAULT_REPLY_PROMISE, REASSURANCE_TEXT} from '@repo/schemas/content-rules.ts'
import {siteSettingsQueryOptions} from '../../features/site/api/get-site-settings'

function Problem({title, text}: {title: string; text: string}) {
  return (
    <div className="notice notice--error" role="alert">
      <h2>{title}</h2>
      <p>{text}</p>
      <p>
        <Link to="/experiences#results" className="button">
          Browse experiences
        </Link>
      </p>
    </div>
  )
}

/**
 * `text` is said by the card; a problem with the date itself (unavailable, full, too few places) is said once, by the
 * choice form's date field beside the date and its nearest alternatives (`saidByForm`), not by the card too.
 */
type TripProblem = {title: string; text: string | null; saidByForm?: true}

/** What keeps the link's trip from going straight to the form, if anything (the same rules as the dialog's). */
function tripProblem(
  query: BookingQuery,
  settings: BookingRules,
  today: string,
  counts: DepartureCounts | null,
  change: boolean,
): TripProblem | null {
  if (query.ok && change) return {title: 'Change your date or group', text: null}
  if (!query.ok)
    return query.problem === NO_DATE_PROBLEM
      ? {title: 'Choose your date and group', text: null}
      : {title: 'This booking link is incomplete', text: query.problem}
  // Places count once the availability function has answered; the booking function checks again on submit.
  const [problem] = checkTrip(settings, query, today, counts).problems
  if (!problem) return null
  // The choice form below checks the same date with the same rules and says why beside it.
  if (problem.field === 'date')
    return {title: 'Please choose another date', text: null, saidByForm: true}
  if (problem.field === 'party')
    return {
      title: 'Please change the group size',
      text: `${paxSummary(query.adults + query.children, settings)}.`,
    }
  return {
    title: 'Please choose another time',
    text: `"${query.time.slice(0, 30)}" is not offered for this experience.`,
  }
}

/** What the link holds that can start the choice: a real date, a readable party, a time. */
function tripFromLink(params: URLSearchParams): TripChoice {
  const date = params.get('date') ?? ''
  const pax = partyFromParams(params)
  return {
    date: isIsoDate(date) ? date : '',
    adults: pax?.adults ?? null,
    children: pax?.children ?? null,
    time: params.get('time') ?? '',
  }
}

/**
 * The booking page: breadcrumbs, summary card, the request form. A link without a usable date, group or
 * time (a card's Book button, an old or shared link) shows the booking dialog's choice right here, with what
 * is wrong, and then the form; a link to no experience gets a message and a way back.
 */
export function BookPage() {
  const {experienceId = ''} = useParams()
  const [params] = useSearchParams()
  const [today] = useState(() => todayInCapeTown())
  const query = readBookingQuery(params)
  // The answer to the full date's waitlist form when it was posted without script (the route's action).
  const posted = useActionData<WaitlistJoinOutcome | undefined>()
  const waitlistOutcome = posted?.form === WAITLIST_FORM_NAME ? posted : undefined
  const experienceQuery = useQuery(experienceQueryOptions(experienceId))
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const experience = experienceQuery.data
  const settingsQuery = useQuery({
    ...experienceSettingsQueryOptions(experience?._id ?? ''),
    enabled: Boolean(experience?._id),
  })
  const availability = useAvailability(
    experience && !experience.isBespoke && experience.slug ? experience.slug : '',
    query.ok && experience?.slug ? query.date : '',
  )
  const counts = availability.data && !availability.data.unlimited ? availability.data.counts : null

  let body: React.ReactNode
  if (experienceQuery.isPending || (experience && settingsQuery.isPending)) {
    body = <p role="status">Loading the experience…</p>
  } else if (experienceQuery.isError || settingsQuery.isError) {
    body = (
      <Problem
        title="Something went wrong"
        text="We could not load this experience. Please try again in a moment."
      />
    )
  } else if (!experience || experience.isBespoke || !experience.slug) {
    body = (
      <Problem
        title="Experience not found"
        text="We could not find the experience in this link. Please choose it again."
      />
    )
  } else {
    const rules = withCancelledDates(settingsQuery.data!, availability.data?.cancelled ?? [])
    const problem = tripProblem(query, rules, today, counts, params.has(CHANGE_PARAM))
    if (problem || !query.ok)
      body = (
        <section className="card trip-choice-card" aria-labelledby="trip-choice-title">
          <h2 id="trip-choice-title">{problem?.title}</h2>
          {problem?.text ? (
            <p className="notice notice--error" role="alert">
              {problem.text}
            </p>
          ) : problem?.saidByForm || params.has(CHANGE_PARAM) ? null : (
            <p>Choose a date and your group for {experience.title}, then send your request.</p>
          )}
          <TripChoiceForm
            // A new link (the form sent before the scripts ran) starts the choice afresh.
            key={params.toString()}
            experience={{...experience, slug: experience.slug}}
            initial={tripFromLink(params)}
            waitlistOutcome={waitlistOutcome}
          />
        </section>
      )
    else
      body = (
        <div className="booking-layout">
          <aside className="card booking-summary" aria-labelledby="booking-summary-title">
            <h2 id="booking-summary-title">{experience.title}</h2>
            <dl>
              <TripFacts
                experience={experience}
                date={formatShortDate(query.date)}
                adults={query.adults}
                children={query.children}
                time={query.time ? {label: 'Preferred time', value: query.time} : null}
              />
            </dl>
            {/* Back to the choice, as it was made: a link, so it works without script too. */}
            <p>
              <Link
                to={changeTripHref(experience.slug, {
                  date: query.date,
                  adults: query.adults,
                  children: query.children,
                  time: query.time,
                })}
              >
                Change the date or group
              </Link>
            </p>
          </aside>
          <BookingForm
            trip={{
              experienceId: experience.slug ?? experienceId,
              date: query.date,
              adults: query.adults,
              children: query.children,
              time: query.time,
            }}
          />
        </div>
      )
  }

  return (
    <section className="container page-section page-top">
      <Seo
        title="Book this experience"
        description="Send a booking request."
        path={`/book/${experienceId}`}
        noindex
      />
      <Breadcrumbs
        items={[
          {label: 'Home', to: '/'},
          {label: 'Experiences', to: '/experiences'},
          {
            label: experience?.title ?? experienceId,
            to: `/experiences/${experience?.slug ?? experienceId}`,
          },
          {label: 'Book'},
        ]}
      />
      <h1>Book this experience</h1>
      <p>
        {settings?.reassuranceText ?? REASSURANCE_TEXT}{' '}
        {settings?.replyPromise ?? DEFAULT_REPLY_PROMISE}
      </p>
      {body}
      <p>
        <Link to="/privacy">Privacy</Link> · <Link to="/thank-you">What happens next</Link> ·{' '}
        <Link to="/about">About us</Link>
      </p>
    </section>
  )
}
