import {Link} from 'react-router-dom'

import {categoryTitle} from '@repo/schemas/categories.ts'
import {formatShortDate} from '@repo/schemas/format-date.ts'

import {RatingBadge} from '../../../components/rating'
import {SanityImage} from '../../../components/sanity-image'
import {experiencePrice, type ExperienceCard as ExperienceCardData} from '../api/experience-fields'
import {useExperienceRatings} from '../api/get-experience-ratings'
import type {TripFit} from '../api/get-trip-fit'
import {bookingHref, detailSlug, type TripContext} from '../booking-links'

type ExperienceCardProps = {
  experience: ExperienceCardData
  /** Opens the detail dialog; without it "Learn more" links to the listing with `?exp=`. */
  onLearnMore?: (experience: ExperienceCardData) => void
  trip?: TripContext
  headingLevel?: 'h2' | 'h3'
  bookLabel?: string
  learnMoreLabel?: string
  /** The listing's first card: on wide screens its picture is the page's largest paint, so it must not be lazy. */
  priority?: boolean
  /** Why the searched date or group does not fit this experience (get-trip-fit.ts); null or unset when it does. */
  fit?: TripFit | undefined
}

/** What a card says when the searched trip does not fit, and what its booking button then offers instead. */
function misfit(fit: NonNullable<TripFit>, date: string) {
  const on = formatShortDate(date)
  if (fit.field === 'party') return {note: fit.message, action: 'Change the group'}
  if (fit.reason === 'full') return {note: `Fully booked on ${on}.`, action: 'Choose another date'}
  if (fit.reason === 'too-few')
    return {
      note: `Only ${fit.left} ${fit.left === 1 ? 'place' : 'places'} left on ${on}.`,
      action: 'Choose another date',
    }
  return {note: `Not available on ${on}.`, action: 'Choose another date'}
}

export function ExperienceCard({
  experience,
  onLearnMore,
  trip,
  headingLevel: Heading = 'h3',
  bookLabel = 'Book Experience',
  learnMoreLabel = 'Learn more',
  priority = false,
  fit,
}: ExperienceCardProps) {
  const price = experiencePrice(experience)
  const notFitting = fit && trip?.date ? misfit(fit, trip.date) : null
  // A date that does not fit is not carried to the booking page: it asks for another, keeping the group.
  const bookingTrip = notFitting && fit?.field === 'date' ? {...trip, date: null} : trip
  const rating = useExperienceRatings()?.[experience._id] ?? null
  return (
    <article className="card" aria-labelledby={`card-${experience._id}`}>
      <div className="card__media">
        <SanityImage
          image={experience.image}
          width={400}
          aspectRatio={3 / 2}
          sizes="(max-width: 700px) 100vw, 400px"
          priority={priority}
        />
      </div>
      <div className="card__body">
        <span className="badge">{categoryTitle(experience.category)}</span>
        <Heading className="card__title" id={`card-${experience._id}`}>
          {experience.title}
        </Heading>
        <ul className="card__meta">
          {experience.location ? <li>{experience.location}</li> : null}
          {experience.duration ? <li>{experience.duration}</li> : null}
        </ul>
        <RatingBadge summary={rating} />
        {experience.blurb ? <p>{experience.blurb}</p> : null}
        {price ? <p className="card__price">{price}</p> : null}
        {notFitting ? <p className="card__fit">{notFitting.note}</p> : null}
        <div className="card__actions button-row">
          {experience.isBespoke ? (
            <>
              <Link to="/questionnaire" className="button button--primary">
                Start Questionnaire
              </Link>
              <Link to="/itinerary/bespoke-7-day" className="button">
                View Sample Itinerary
              </Link>
            </>
          ) : (
            <>
              <Link
                to={bookingHref(experience, bookingTrip)}
                className="button button--primary"
                aria-label={`${notFitting?.action ?? bookLabel}: ${experience.title}`}
              >
                {notFitting?.action ?? bookLabel}
              </Link>
              {onLearnMore ? (
                <button type="button" className="button" onClick={() => onLearnMore(experience)}>
                  {learnMoreLabel} <AboutTitle title={experience.title} />
                </button>
              ) : (
                <Link to={`/experiences?exp=${detailSlug(experience)}`} className="button">
                  {learnMoreLabel} <AboutTitle title={experience.title} />
                </Link>
              )}
            </>
          )}
        </div>
      </div>
    </article>
  )
}

/**
 * "Learn more" alone says nowhere where it leads, to screen readers and search engines alike; the rest of the
 * sentence is in the link's text (hidden from sight), so its name still starts with the visible label.
 */
function AboutTitle({title}: {title: string}) {
  return <span className="visually-hidden">about {title}</span>
}
