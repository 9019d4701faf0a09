import {useQuery} from '@tanstack/react-query'
import {Link} from 'react-router-dom'

import {REASSURANCE_TEXT} from '@repo/schemas/content-rules.ts'
import {DEFAULT_NEWSLETTER_CONSENT_TEXT} from '@repo/schemas/consent-texts.ts'

import {SanityImage} from '../../components/sanity-image'
import {Seo, useSiteIdentity} from '../../components/seo'
import {ExperienceCard} from '../../features/experiences/components/experience-card'
import {useHome} from '../../features/home/api/get-home'
import {NewsletterForm} from '../../features/home/components/newsletter-form'
import {QuickSearch} from '../../features/home/components/quick-search'
import {siteSettingsQueryOptions} from '../../features/site/api/get-site-settings'
import {StoryCard} from '../../features/stories/components/story-card'
import {track} from '../../lib/analytics'
import {SITE} from '../../lib/site'

/** The How It Works steps, used until an editor writes them. */
const DEFAULT_STEPS = [
  {
    _key: 'pick',
    title: 'Pick or request',
    text: 'Choose an experience, or tell us what you would love to do.',
  },
  {
    _key: 'confirm',
    title: 'We confirm',
    text: 'A local planner confirms by email. No payment to request.',
  },
  {_key: 'enjoy', title: 'Enjoy', text: 'Meet your guide and enjoy Cape Town like a local.'},
]

export function HomePage() {
  const {data} = useHome()
  const identity = useSiteIdentity()
  const {data: settings} = useQuery(siteSettingsQueryOptions())
  const {page, featured, stories, testimonials} = data
  const steps = data.howItWorksSteps.length ? data.howItWorksSteps : DEFAULT_STEPS

  return (
    <>
      <Seo
        title={identity.name}
        description={settings?.description ?? SITE.description}
        path="/"
        image={undefined}
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'WebSite',
            'name': identity.name,
            'url': SITE.url,
          },
        ]}
      />
      <section className="hero" aria-labelledby="hero-heading">
        <div className="hero__image">
          <SanityImage image={page.heroImage} width={1600} sizes="100vw" priority decorative />
        </div>
        <div className="container hero__content">
          <p className="overline">{page.heroOverline ?? 'Cape Town & the Western Cape'}</p>
          <h1 id="hero-heading">
            {page.heroHeading ?? 'Guided local experiences, curated for you'}
          </h1>
          <p className="lead">
            {page.heroText ??
              'Small groups, local guides and days planned around you. No payment now.'}
          </p>
          <div className="button-row">
            <Link to="/experiences" className="button button--accent">
              {page.heroPrimaryLabel ?? 'Explore Experiences'}
            </Link>
            <Link to="/questionnaire" className="button">
              {page.heroSecondaryLabel ?? 'Plan a Bespoke Trip'}
            </Link>
          </div>
        </div>
      </section>

      <div className="container">
        <QuickSearch
          heading={page.quickSearchHeading ?? 'Find your experience'}
          buttonLabel={page.quickSearchButtonLabel ?? 'Find Options'}
        />
      </div>

      <section className="container page-section" aria-labelledby="featured-heading">
        <div className="section-heading">
          <div>
            <h2 id="featured-heading">{page.featuredHeading ?? 'Featured experiences'}</h2>
            {page.featuredText ? <p className="lead">{page.featuredText}</p> : null}
          </div>
          <Link to="/experiences">All experiences</Link>
        </div>
        {featured.length === 0 ? (
          <p>
            New experiences are on their way.{' '}
            <Link to="/questionnaire">Tell us what you would like to do</Link>.
          </p>
        ) : (
          <ul className="card-grid">
            {featured.map((experience) => (
              <li key={experience._id}>
                <ExperienceCard
                  experience={experience}
                  bookLabel="Book"
                  learnMoreLabel="Learn more"
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="container page-section" aria-labelledby="itinerary-heading">
        <div className="cta-band">
          <h2 id="itinerary-heading">{page.itineraryHeading ?? 'See a sample bespoke week'}</h2>
          <p>
            {page.itineraryText ??
              'Seven days of mountain, wine, penguins, food and jazz, planned at a balanced pace.'}
          </p>
          <Link to="/itinerary/bespoke-7-day" className="button">
            {page.itineraryLinkLabel ?? 'View the 7-day itinerary'}
          </Link>
        </div>
      </section>

      <section className="container page-section" aria-labelledby="stories-heading">
        <div className="section-heading">
          <div>
            <h2 id="stories-heading">{page.storiesHeading ?? 'Local stories'}</h2>
            {page.storiesText ? <p className="lead">{page.storiesText}</p> : null}
          </div>
          <Link to="/local-stories" onClick={() => track('home_read_more_stories_clicked')}>
            {page.storiesLinkLabel ?? 'Read more stories'}
          </Link>
        </div>
        <ul className="card-grid">
          {stories.map((story) => (
            <li key={story._id}>
              <StoryCard story={story} />
            </li>
          ))}
        </ul>
      </section>

      <section className="container page-section" aria-labelledby="how-heading">
        <h2 id="how-heading">{page.howItWorksHeading ?? 'How It Works'}</h2>
        <ol className="steps">
          {steps.map((step) => (
            <li key={step._key}>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
        <p className="muted">{settings?.reassuranceText ?? REASSURANCE_TEXT}</p>
      </section>

      {testimonials.length > 0 ? (
        <section className="container page-section" aria-labelledby="testimonials-heading">
          <h2 id="testimonials-heading">{page.testimonialsHeading ?? 'What travellers say'}</h2>
          <ul className="card-grid">
            {testimonials.map((testimonial) => (
              <li key={testimonial._id}>
                <figure className="testimonial">
                  <blockquote>
                    <p>“{testimonial.quote}”</p>
                  </blockquote>
                  <figcaption>
                    <strong>{testimonial.initials}</strong>, {testimonial.location}
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className="container page-section">
        <NewsletterForm
          heading={settings?.newsletterHeading ?? 'Local tips, once a month'}
          text={
            settings?.newsletterText ??
            'New experiences, seasonal ideas and stories from Cape Town.'
          }
          consentLabel={settings?.newsletterConsentLabel ?? DEFAULT_NEWSLETTER_CONSENT_TEXT}
          buttonLabel={settings?.newsletterButtonLabel ?? 'Sign up'}
        />
      </section>
    </>
  )
}
