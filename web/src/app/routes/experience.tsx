import {useRef, useState} from 'react'
import {useParams, useSearchParams} from 'react-router-dom'

import {categoryTitle} from '@repo/schemas/categories.ts'
import {DEFAULT_CANCELLATION_TEXT} from '@repo/schemas/content-rules.ts'

import {Breadcrumbs, breadcrumbJsonLd, type Crumb} from '../../components/breadcrumbs'
import {SanityImage} from '../../components/sanity-image'
import {Seo, useSiteIdentity} from '../../components/seo'
import {useExperience} from '../../features/experiences/api/get-experience'
import type {ExperienceDetail} from '../../features/experiences/api/experience-fields'
import {bookingHref} from '../../features/experiences/booking-links'
import {BookingDialog} from '../../features/booking/components/booking-dialog'
import {imageUrl} from '../../lib/image-url'
import {absoluteUrl} from '../../lib/site'
import {formatPerPersonPrice} from '../../utils/format-price'
import {FaqList} from '../../features/experiences/components/faq-list'
import {
  reviewsPageOf,
  useExperienceReviews,
} from '../../features/reviews/api/get-experience-reviews'
import {ExperienceReviews} from '../../features/reviews/components/experience-reviews'
import {experienceRatingJsonLd} from '../../features/reviews/reviews-json-ld'

function touristTripJsonLd(experience: ExperienceDetail) {
  return {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    'name': experience.title,
    'description': experience.description ?? experience.blurb ?? undefined,
    'url': absoluteUrl(`/experiences/${experience.slug}`),
    'touristType': categoryTitle(experience.category),
    ...(experience.image?.asset ? {image: imageUrl(experience.image, {width: 1200})} : {}),
    ...(experience.fromPrice
      ? {
          offers: {
            '@type': 'Offer',
            'price': experience.fromPrice,
            'priceCurrency': 'ZAR',
            'availability': 'https://schema.org/InStock',
            'url': absoluteUrl(`/experiences/${experience.slug}`),
          },
        }
      : {}),
  }
}

function minimumAgeText(age: number | null) {
  return !age ? 'All ages' : `${age}+`
}

export function ExperiencePage() {
  const {slug = ''} = useParams()
  // The loader has made sure the experience exists (otherwise it answered 404).
  const experience = useExperience(slug).data as ExperienceDetail
  const price = formatPerPersonPrice(experience.fromPrice)
  const [search] = useSearchParams()
  const reviewsPage = reviewsPageOf(search)
  const reviews = useExperienceReviews(experience._id, reviewsPage).data
  const identity = useSiteIdentity()
  const rating =
    reviews.total > 0 && reviews.average != null
      ? {average: Math.round(reviews.average * 10) / 10, count: reviews.total}
      : null
  const [bookingOpen, setBookingOpen] = useState(false)
  const opener = useRef<HTMLElement | null>(null)
  const openBooking = (button: HTMLElement) => {
    opener.current = button
    setBookingOpen(true)
  }
  const crumbs: Crumb[] = [
    {label: 'Home', to: '/'},
    {label: 'Experiences', to: '/experiences'},
    {label: experience.title},
  ]

  return (
    <>
      <Seo
        title={experience.title}
        description={experience.blurb ?? experience.description ?? experience.title}
        path={`/experiences/${experience.slug}`}
        image={
          experience.image?.asset
            ? imageUrl(experience.image, {width: 1200, height: 630, fit: 'crop'})
            : undefined
        }
        jsonLd={[
          touristTripJsonLd(experience),
          ...(rating
            ? [
                experienceRatingJsonLd(
                  {
                    title: experience.title,
                    url: absoluteUrl(`/experiences/${experience.slug}`),
                    description: experience.description ?? experience.blurb,
                  },
                  rating,
                  reviews.reviews,
                ),
              ]
            : []),
          breadcrumbJsonLd(crumbs),
        ]}
      />
      <section className="page-hero">
        <div className="container split">
          <div>
            <Breadcrumbs items={crumbs} />
            <span className="badge">{categoryTitle(experience.category)}</span>
            <h1>{experience.title}</h1>
            <ul className="card__meta">
              {experience.location ? <li>{experience.location}</li> : null}
              {experience.duration ? <li>{experience.duration}</li> : null}
              <li>Small groups</li>
            </ul>
            {experience.description ? <p className="lead">{experience.description}</p> : null}
            {price ? <p className="card__price">{price}</p> : null}
            <div className="button-row">
              <button
                type="button"
                className="button button--primary"
                onClick={(event) => openBooking(event.currentTarget)}
              >
                Book Experience
              </button>
            </div>
          </div>
          <SanityImage image={experience.image} width={600} aspectRatio={4 / 3} priority />
        </div>
      </section>

      <div className="container page-section split" id="details">
        <div>
          <section aria-labelledby="expect-heading">
            <h2 id="expect-heading">What to Expect</h2>
            <p>{experience.whatToExpect}</p>
            {experience.highlights.length ? (
              <ul>
                {experience.highlights.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </section>
          <section aria-labelledby="included-heading" className="detail-section">
            <h2 id="included-heading">What’s Included</h2>
            <ul>
              {experience.included.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            {experience.optionalExtras.length ? (
              <>
                <h3>Optional extras</h3>
                <ul>
                  {experience.optionalExtras.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              </>
            ) : null}
          </section>
          {/* Everything the listing's "Learn more" dialog says, the page says too. */}
          {experience.whatToBring.length ? (
            <section aria-labelledby="bring-heading" className="detail-section">
              <h2 id="bring-heading">What to Bring</h2>
              <ul>
                {experience.whatToBring.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
          ) : null}
          {experience.format || experience.goodToKnow ? (
            <section aria-labelledby="good-to-know-heading" className="detail-section">
              <h2 id="good-to-know-heading">Good to Know</h2>
              {experience.format ? (
                <p>
                  <strong>Format:</strong> {experience.format}
                </p>
              ) : null}
              {experience.goodToKnow ? <p>{experience.goodToKnow}</p> : null}
            </section>
          ) : null}
          {experience.faqs.length ? (
            <section aria-labelledby="faqs-heading" className="detail-section">
              <h2 id="faqs-heading">FAQs</h2>
              <FaqList faqs={experience.faqs} headingLevel={3} />
            </section>
          ) : null}
          <ExperienceReviews
            summary={rating}
            page={reviewsPage}
            data={reviews}
            companyName={identity.name}
          />
        </div>
        <aside className="info-card" aria-labelledby="quick-info-heading">
          <h2 id="quick-info-heading">Quick Info</h2>
          <dl>
            <dt>Duration</dt>
            <dd>{experience.duration}</dd>
            <dt>Location</dt>
            <dd>{experience.location}</dd>
            <dt>Group size</dt>
            <dd>
              {experience.maxGroupSize ? `Up to ${experience.maxGroupSize} people` : 'Small groups'}
            </dd>
            <dt>Minimum age</dt>
            <dd>{minimumAgeText(experience.minimumAge)}</dd>
            {experience.fitnessLevel ? (
              <>
                <dt>Fitness</dt>
                <dd>
                  {experience.fitnessLevel.charAt(0).toUpperCase() +
                    experience.fitnessLevel.slice(1)}
                </dd>
              </>
            ) : null}
            {price ? (
              <>
                <dt>Price</dt>
                <dd>{price}</dd>
              </>
            ) : null}
            <dt>Meeting point</dt>
            <dd>{experience.meetingPickup}</dd>
            <dt>Cancellation</dt>
            <dd>{experience.cancellation ?? DEFAULT_CANCELLATION_TEXT}</dd>
          </dl>
          <p className="muted">No payment required at this stage — just planning.</p>
          <button
            type="button"
            className="button button--primary needs-scripts"
            onClick={(event) => openBooking(event.currentTarget)}
          >
            Book Now
          </button>
          {/* Without scripts: the booking page asks for the date and group with the dialog's rules. */}
          <noscript>
            <a href={bookingHref(experience)} className="button button--primary">
              Book Now
            </a>
          </noscript>
        </aside>
      </div>
      <BookingDialog
        open={bookingOpen}
        onClose={() => setBookingOpen(false)}
        returnFocusRef={opener}
        experience={{...experience, slug: experience.slug ?? slug}}
      />
    </>
  )
}
