import {Link} from 'react-router-dom'

import {Breadcrumbs, breadcrumbJsonLd, type Crumb} from '../../components/breadcrumbs'
import {SanityImage} from '../../components/sanity-image'
import {Seo} from '../../components/seo'
import {useSampleItinerary} from '../../features/itinerary/api/get-sample-itinerary'
import {absoluteUrl} from '../../lib/site'

const crumbs: Crumb[] = [
  {label: 'Home', to: '/'},
  {label: 'Experiences', to: '/experiences'},
  {label: 'Sample'},
]

/** The sample itinerary's overview, used until an editor writes the points. */
const DEFAULT_OVERVIEW = [
  {
    _key: 'pace',
    title: 'Balanced pace',
    text: 'Full days balanced with slow mornings and free evenings.',
  },
  {
    _key: 'transport',
    title: 'Getting around',
    text: 'A private driver on key days, plus ride-hailing in the city.',
  },
  {_key: 'who', title: 'Good for', text: 'Couples, friends and families.'},
]

export function ItineraryPage() {
  const {data} = useSampleItinerary()
  const title = data?.title ?? 'Sample bespoke 7-day itinerary'
  const days = [...(data?.days ?? [])].sort((a, b) => a.day - b.day)
  const overview = data?.overviewPoints.length ? data.overviewPoints : DEFAULT_OVERVIEW

  return (
    <>
      <Seo
        title={title}
        description={
          data?.intro ??
          'A sample bespoke week in Cape Town: Table Mountain, the Winelands, Cape Point penguins, Bo-Kaap, the ocean and jazz.'
        }
        path="/itinerary/bespoke-7-day"
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'TouristTrip',
            'name': title,
            'url': absoluteUrl('/itinerary/bespoke-7-day'),
            'itinerary': {
              '@type': 'ItemList',
              'itemListElement': days.map((day) => ({
                '@type': 'ListItem',
                'position': day.day,
                'name': day.title,
              })),
            },
            'offers': {
              '@type': 'Offer',
              'priceCurrency': 'ZAR',
              'description': 'Priced on request',
            },
          },
          breadcrumbJsonLd(crumbs),
        ]}
      />
      <section className="page-hero">
        <div className="container">
          <Breadcrumbs items={crumbs} />
          <p className="overline">Bespoke</p>
          <h1>{title}</h1>
          {data?.intro ? <p className="lead">{data.intro}</p> : null}
        </div>
      </section>

      <section className="container page-section" aria-labelledby="overview-heading">
        <h2 id="overview-heading">Overview</h2>
        <ul className="steps">
          {overview.map((point) => (
            <li key={point._key}>
              <h3>{point.title}</h3>
              <p>{point.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="container page-section" aria-labelledby="days-heading">
        <h2 id="days-heading">Day by day</h2>
        {days.length === 0 ? (
          <p role="status">
            The day-by-day plan is being updated. Ask a planner for the latest version.
          </p>
        ) : (
          <ol className="day-list">
            {days.map((day, index) => (
              <li key={day._key} className="day" id={`day-${day.day}`}>
                <div>
                  <h3>
                    Day {day.day}: {day.title}
                  </h3>
                  <dl>
                    <dt>Morning</dt>
                    <dd>{day.morning}</dd>
                    <dt>Afternoon</dt>
                    <dd>{day.afternoon}</dd>
                    <dt>Evening</dt>
                    <dd>{day.evening}</dd>
                  </dl>
                </div>
                <SanityImage
                  image={day.image}
                  width={520}
                  aspectRatio={3 / 2}
                  priority={index === 0}
                />
              </li>
            ))}
          </ol>
        )}
      </section>

      <section className="container page-section split" aria-labelledby="services-heading">
        <div>
          <h2 id="services-heading">Bespoke services</h2>
          <ul>
            {(data?.services ?? []).map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>
        <div className="info-card">
          <h2>Pricing</h2>
          <p>
            {data?.pricingNote ??
              'Pricing is on request: every bespoke trip is quoted for your dates, group and choices.'}
          </p>
          <div className="button-row">
            <Link to="/questionnaire" className="button button--primary">
              Start Questionnaire
            </Link>
            <Link to="/contact?type=bespoke" className="button">
              Talk to a planner
            </Link>
          </div>
          <p>
            Want to know who plans your trip? <Link to="/about">Talk to a Planner</Link>
          </p>
        </div>
      </section>

      <div className="sticky-bar" role="region" aria-label="Plan this trip">
        <div className="container">
          <p>{data?.stickyBarText ?? 'Like this week? We tailor it to you.'}</p>
          <Link to="/questionnaire" className="button button--primary">
            Start Questionnaire
          </Link>
        </div>
      </div>
    </>
  )
}
