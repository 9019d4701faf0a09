import {useQuery} from '@tanstack/react-query'
import {lazy, Suspense, useMemo, useRef, useState} from 'react'
import {Link, useSearchParams} from 'react-router-dom'

import {
  ALL_EXPERIENCES_LABEL,
  EXPERIENCE_CATEGORIES,
  isExperienceCategory,
  type ExperienceCategory,
} from '@repo/schemas/categories.ts'
import {isIsoDate} from '@repo/schemas/iso-date.ts'

import {SanityImage} from '../../components/sanity-image'
import {Seo} from '../../components/seo'
import {useExperiences} from '../../features/experiences/api/get-experiences'
import {useTripFit} from '../../features/experiences/api/get-trip-fit'
import type {TripContext} from '../../features/experiences/booking-links'
import {ExperienceCard} from '../../features/experiences/components/experience-card'
import {useDetailParam} from '../../features/experiences/use-detail-param'
import {pageCopyQueryOptions} from '../../features/pages/api/get-page-copy'
import {track} from '../../lib/analytics'
import {absoluteUrl} from '../../lib/site'
import {formatLongDate} from '@repo/schemas/format-date.ts'

// The wizard's form (react-hook-form and the shared zod schemas) loads when a traveller opens it.
const BookingWizard = lazy(() =>
  import('../../features/leads/components/booking-wizard').then((module) => ({
    default: module.BookingWizard,
  })),
)

let loaded: typeof import('./experiences-detail-dialog') | undefined

/**
 * The detail dialog (with the booking dialog it leads to) is its own chunk, so a first visit to the listing does
 * not download it (the listing's first-load JavaScript stays small for a slow phone). An address that opens it loads
 * it before the page renders: the listing's loader on the server and on each navigation, and main.tsx before
 * hydrating (see `PageHandle` in app/router.tsx). The page then always has it while `?exp=` is set.
 */
export async function loadDetailDialog(): Promise<void> {
  loaded ??= await import('./experiences-detail-dialog')
}

function readTrip(params: URLSearchParams): TripContext {
  const date = params.get('date')
  const adults = Number(params.get('paxA'))
  const children = Number(params.get('paxC'))
  return {
    date: date && isIsoDate(date) ? date : null,
    adults: Number.isInteger(adults) && adults >= 1 && adults <= 20 ? adults : null,
    children: Number.isInteger(children) && children >= 0 && children <= 10 ? children : null,
  }
}

export function ExperiencesPage() {
  const {data: experiences} = useExperiences()
  const {data: copy} = useQuery(pageCopyQueryOptions())
  const [searchParams] = useSearchParams()
  const {current, open, close} = useDetailParam(experiences)
  const ListingDetailDialog = loaded?.ListingDetailDialog
  const [wizardOpen, setWizardOpen] = useState(false)
  const wizardToggleRef = useRef<HTMLButtonElement>(null)

  const categoryParam = searchParams.get('category')
  const selected: ExperienceCategory | null = isExperienceCategory(categoryParam)
    ? categoryParam
    : null
  const trip = readTrip(searchParams)
  const fits = useTripFit(experiences, trip)

  const sections = useMemo(
    () =>
      EXPERIENCE_CATEGORIES.filter((c) => selected === null || c.value === selected)
        .map((category) => ({
          category,
          items: experiences.filter((e) => e.category === category.value),
        }))
        .filter((section) => section.items.length > 0),
    [experiences, selected],
  )

  /** The listing's address with `value` as its category, keeping the rest (the trip context, an open dialog). */
  function categorySearch(value: ExperienceCategory | null) {
    const next = new URLSearchParams(searchParams)
    if (value) next.set('category', value)
    else next.delete('category')
    const search = next.toString()
    return search ? `?${search}` : ''
  }

  const hero = copy?.experiencesHero
  const filters: {value: ExperienceCategory | null; label: string}[] = [
    {value: null, label: ALL_EXPERIENCES_LABEL},
    ...EXPERIENCE_CATEGORIES.map((c) => ({value: c.value, label: c.filterLabel})),
  ]

  return (
    <>
      <Seo
        title="Guided experiences in Cape Town"
        description="Small-group hikes, wine tours, food walks, jazz nights, penguins and sunset cruises in Cape Town, with local guides. Request a booking: no payment now."
        path="/experiences"
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'ItemList',
            'itemListElement': experiences
              .filter((e) => !e.isBespoke)
              .map((e, index) => ({
                '@type': 'ListItem',
                'position': index + 1,
                'name': e.title,
                'url': absoluteUrl(`/experiences/${e.slug}`),
              })),
          },
        ]}
      />
      <section className="page-hero">
        <div className="container split">
          <div>
            <p className="overline">{hero?.overline ?? 'Experiences'}</p>
            <h1>{hero?.heading ?? 'Curated local experiences'}</h1>
            <p className="lead">
              {hero?.intro ??
                'Hand-picked, small-group experiences with local guides across Cape Town and the Western Cape.'}
            </p>
          </div>
          {hero?.image?.asset ? <SanityImage image={hero.image} width={560} priority /> : null}
        </div>
      </section>

      <section className="container page-section" id="results" aria-labelledby="results-heading">
        <h2 id="results-heading" className="visually-hidden">
          Experiences
        </h2>
        <ul className="filters" aria-label="Filter by category">
          {filters.map((filter) => (
            <li key={filter.label}>
              {/* Links, so a filter works before the scripts run (the server renders the filtered list). */}
              <Link
                to={{search: categorySearch(filter.value)}}
                replace
                preventScrollReset
                className="chip"
                aria-current={selected === filter.value ? 'true' : undefined}
                onClick={() => track('category_filter_clicked', {category: filter.value ?? 'all'})}
              >
                {filter.label}
              </Link>
            </li>
          ))}
        </ul>
        {trip.date || trip.adults ? (
          <p className="notice" role="status">
            Showing experiences
            {trip.date ? ` for ${formatLongDate(trip.date)}` : ''}
            {trip.adults ? `, ${trip.adults} adult${trip.adults === 1 ? '' : 's'}` : ''}
            {trip.children ? ` and ${trip.children} child${trip.children === 1 ? '' : 'ren'}` : ''}.
            Your choices carry over to the booking request.
          </p>
        ) : null}

        {sections.length === 0 ? (
          <p role="status">
            No experiences in this category yet.{' '}
            <Link to="/questionnaire">Tell us what you are looking for</Link> and a planner will
            help.
          </p>
        ) : (
          sections.map(({category, items}, sectionIndex) => (
            <section
              key={category.value}
              className="page-section"
              aria-labelledby={`section-${category.value}`}
            >
              <h2 id={`section-${category.value}`}>{category.filterLabel}</h2>
              <ul className="card-grid">
                {items.map((experience, index) => (
                  <li key={experience._id}>
                    <ExperienceCard
                      experience={experience}
                      onLearnMore={open}
                      trip={trip}
                      fit={fits.get(experience._id)}
                      priority={sectionIndex === 0 && index === 0}
                    />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}

        <div className="cta-band">
          <h2>Not sure yet?</h2>
          <p>Send us the basics and a local planner will shape the days around you.</p>
          <button
            ref={wizardToggleRef}
            type="button"
            className="button"
            aria-expanded={wizardOpen}
            aria-controls="booking-wizard"
            onClick={() => setWizardOpen((value) => !value)}
          >
            {copy?.experiencesWizardToggleLabel ?? 'Request a booking'}
          </button>
        </div>
        {wizardOpen ? (
          <section
            id="booking-wizard"
            className="page-section"
            aria-labelledby="booking-wizard-heading"
          >
            <h2 id="booking-wizard-heading">Request a booking</h2>
            <Suspense fallback={<p className="muted">Loading…</p>}>
              <BookingWizard />
            </Suspense>
            <p>
              Prefer to plan it all in one go?{' '}
              <Link to="/questionnaire">Start the questionnaire</Link>.
            </p>
            <button
              type="button"
              className="button"
              onClick={() => {
                setWizardOpen(false)
                wizardToggleRef.current?.focus()
              }}
            >
              Continue Browsing
            </button>
          </section>
        ) : null}
      </section>

      {ListingDetailDialog ? (
        <ListingDetailDialog experience={current} onClose={close} trip={trip} />
      ) : null}
    </>
  )
}
