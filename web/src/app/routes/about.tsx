import {useQuery} from '@tanstack/react-query'
import {Link} from 'react-router-dom'

import {PortableText} from '../../components/portable-text'
import {SanityImage} from '../../components/sanity-image'
import {Seo} from '../../components/seo'
import {aboutPageQueryOptions} from '../../features/pages/api/get-about-page'

export function AboutPage() {
  const {data: about} = useQuery(aboutPageQueryOptions())
  return (
    <>
      <Seo
        title="Our Story"
        description="Who we are: a small Cape Town team working with local guides, artists, winemakers and musicians to share the city the way locals live it."
        path="/about"
        jsonLd={[{'@context': 'https://schema.org', '@type': 'AboutPage', 'name': 'Our Story'}]}
      />
      <section className="page-hero">
        <div className="container split">
          <div>
            <p className="overline">{about?.overline ?? 'About Us'}</p>
            <h1>{about?.heading ?? 'Our Story'}</h1>
            <p className="lead">
              {about?.intro ??
                'We connect travellers with the guides, makers and musicians who make Cape Town what it is.'}
            </p>
          </div>
          {about?.image?.asset ? <SanityImage image={about.image} width={560} priority /> : null}
        </div>
      </section>
      <section className="container page-section" aria-labelledby="philosophy-heading">
        <h2 id="philosophy-heading">{about?.philosophyHeading ?? 'Our philosophy'}</h2>
        {about?.philosophy?.length ? (
          <PortableText value={about.philosophy} />
        ) : (
          <p className="prose">
            Small groups, fair pay for local partners, and time to actually meet people.
          </p>
        )}
      </section>
      <section className="container page-section" aria-labelledby="partners-heading">
        <h2 id="partners-heading">{about?.partnersHeading ?? 'Who we work with'}</h2>
        <ul className="steps">
          {(about?.partnerTypes ?? []).map((partner) => (
            <li key={partner._key}>
              <h3>{partner.title}</h3>
              <p>{partner.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section className="container">
        <div className="cta-band">
          <h2>{about?.ctaHeading ?? 'Come and see for yourself'}</h2>
          {about?.ctaText ? <p>{about.ctaText}</p> : null}
          <Link to="/experiences" className="button">
            {about?.ctaLabel ?? 'Explore experiences'}
          </Link>
        </div>
      </section>
    </>
  )
}
