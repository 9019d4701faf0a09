import {Link} from 'react-router-dom'

import {categoryTitle} from '@repo/schemas/categories.ts'

import {RatingBadge} from '../../../components/rating'
import {SanityImage} from '../../../components/sanity-image'
import {experiencePrice, type ExperienceCard as ExperienceCardData} from '../api/experience-fields'
import {useExperienceRatings} from '../api/get-experience-ratings'
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
}

export function ExperienceCard({
  experience,
  onLearnMore,
  trip,
  headingLevel: Heading = 'h3',
  bookLabel = 'Book Experience',
  learnMoreLabel = 'Learn more',
  priority = false,
}: ExperienceCardProps) {
  const price = experiencePrice(experience)
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
                to={bookingHref(experience, trip)}
                className="button button--primary"
                aria-label={`${bookLabel}: ${experience.title}`}
              >
                {bookLabel}
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
 * "Learn More" alone says nowhere where it leads, to screen readers and search engines alike; the rest of the
 * sentence is in the link's text (hidden from sight), so its name still starts with the visible label.
 */
function AboutTitle({title}: {title: string}) {
  return <span className="visually-hidden">about {title}</span>
}
