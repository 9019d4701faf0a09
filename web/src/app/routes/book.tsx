import {useQuery} from '@tanstack/react-query'
import {useState} from 'react'
import {Link, useParams, useSearchParams} from 'react-router-dom'

import {categoryTitle} from '@repo/schemas/categories.ts'
import {
  isDateAvailable,
  paxSummary,
  paxWithinLimits,
  UNAVAILABLE_DATE_MESSAGE,
} from '@repo/schemas/experience-settings.ts'
import {todayInCapeTown} from '@repo/schemas/iso-date.ts'

import {Breadcrumbs} from '../../components/breadcrumbs'
import {Seo} from '../../components/seo'
import {experienceSettingsQueryOptions} from '../../features/booking/api/get-experience-settings'
import {readBookingQuery} from '../../features/booking/booking-url'
import {BookingForm} from '../../features/booking/components/booking-form'
import {experienceQueryOptions} from '../../features/experiences/api/get-experience'
import {formatShortDate} from '../../utils/format-date'

function Problem({
  title,
  text,
  experienceSlug,
}: {
  title: string
  text: string
  experienceSlug?: string
}) {
  return (
    <div className="notice notice--error" role="alert">
      <h2>{title}</h2>
      <p>{text}</p>
      <p>
        {experienceSlug ? (
          <Link to={`/experiences/${experienceSlug}`} className="button button--primary">
            Choose a date and group again
          </Link>
        ) : null}{' '}
        <Link to="/experiences#results" className="button">
          Browse experiences
        </Link>
      </p>
    </div>
  )
}

/** Spec §2 "Booking page": breadcrumbs, summary card, the request form; a bad link gets a message and a way back. */
export function BookPage() {
  const {experienceId = ''} = useParams()
  const [params] = useSearchParams()
  const [today] = useState(() => todayInCapeTown())
  const query = readBookingQuery(params)
  const experienceQuery = useQuery(experienceQueryOptions(experienceId))
  const experience = experienceQuery.data
  const settingsQuery = useQuery({
    ...experienceSettingsQueryOptions(experience?._id ?? ''),
    enabled: Boolean(experience?._id),
  })

  let body: React.ReactNode
  if (!query.ok) {
    body = (
      <Problem
        title="This booking link is incomplete"
        text={query.problem}
        experienceSlug={experience?.slug ?? undefined}
      />
    )
  } else if (experienceQuery.isPending || (experience && settingsQuery.isPending)) {
    body = <p role="status">Loading the experience…</p>
  } else if (experienceQuery.isError || settingsQuery.isError) {
    body = (
      <Problem
        title="Something went wrong"
        text="We could not load this experience. Please try again in a moment."
      />
    )
  } else if (!experience || experience.isBespoke) {
    body = (
      <Problem
        title="Experience not found"
        text="We could not find the experience in this link. Please choose it again."
      />
    )
  } else {
    const settings = settingsQuery.data!
    if (!isDateAvailable(query.date, settings, today))
      body = (
        <Problem
          title="Please choose another date"
          text={UNAVAILABLE_DATE_MESSAGE}
          experienceSlug={experience.slug}
        />
      )
    else if (!paxWithinLimits(query, settings))
      body = (
        <Problem
          title="Please change the group size"
          text={`${paxSummary(query.adults + query.children, settings)}.`}
          experienceSlug={experience.slug}
        />
      )
    else if (query.time && !settings.timeSlots.includes(query.time))
      body = (
        <Problem
          title="Please choose another time"
          text={`"${query.time.slice(0, 30)}" is not offered for this experience.`}
          experienceSlug={experience.slug}
        />
      )
    else
      body = (
        <div className="booking-layout">
          <aside className="card booking-summary" aria-labelledby="booking-summary-title">
            <h2 id="booking-summary-title">{experience.title}</h2>
            <dl>
              <dt>Category</dt>
              <dd>{categoryTitle(experience.category)}</dd>
              {experience.duration ? (
                <>
                  <dt>Duration</dt>
                  <dd>{experience.duration}</dd>
                </>
              ) : null}
              <dt>Date</dt>
              <dd>{formatShortDate(query.date)}</dd>
              <dt>Group</dt>
              <dd>
                {query.adults} {query.adults === 1 ? 'adult' : 'adults'}, {query.children}{' '}
                {query.children === 1 ? 'child' : 'children'}
              </dd>
              {query.time ? (
                <>
                  <dt>Preferred time</dt>
                  <dd>{query.time}</dd>
                </>
              ) : null}
            </dl>
            <p>No payment required at this stage — just planning.</p>
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
    <section className="container page-section">
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
      <p>No payment now. We confirm by email within 24-48 hours.</p>
      {body}
      <p>
        <Link to="/privacy">Privacy</Link> · <Link to="/thank-you">What happens next</Link> ·{' '}
        <Link to="/about">About us</Link>
      </p>
    </section>
  )
}
