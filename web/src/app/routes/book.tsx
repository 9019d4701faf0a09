import {Link, useParams} from 'react-router-dom'

import {Breadcrumbs} from '../../components/breadcrumbs'
import {Seo} from '../../components/seo'

/** The booking page's frame; the summary and request form (spec §2 Booking page) are part of the write paths. */
export function BookPage() {
  const {experienceId = ''} = useParams()
  return (
    <section className="container page-section status-page">
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
          {label: experienceId, to: `/experiences/${experienceId}`},
          {label: 'Book'},
        ]}
      />
      <h1>Book this experience</h1>
      <p>No payment now. We confirm by email within 24-48 hours.</p>
      <div data-slot="booking-form" />
      <p>
        <Link to="/privacy">Privacy</Link> · <Link to="/about">About us</Link>
      </p>
    </section>
  )
}
