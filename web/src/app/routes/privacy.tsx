import {Link} from 'react-router-dom'

import {Seo} from '../../components/seo'
import {PrivacyRequestForm} from '../../features/privacy/components/privacy-request-form'
import {SITE} from '../../lib/site'

export function PrivacyPage() {
  return (
    <section className="container page-section status-page prose">
      <Seo
        title="Privacy"
        description="How we use the details you send us when you request a booking, ask for a bespoke plan or sign up for our newsletter."
        path="/privacy"
      />
      <h1>Privacy</h1>
      <p>
        We only ask for what we need to plan your experience: your name, email address and, if you
        choose, your phone number, country, pick-up location and notes.
      </p>
      <h2>What we do with it</h2>
      <ul>
        <li>We use your booking request to check availability and reply to you by email.</li>
        <li>
          We send our newsletter only if you ticked the box to receive it, and you can unsubscribe
          at any time.
        </li>
        <li>
          We never sell your details, and we share them only with the guide running your experience.
        </li>
      </ul>
      <h2>Analytics</h2>
      <p>
        With your permission we count anonymous page events (for example, which experiences are
        opened) to improve the site. If your browser sends Global Privacy Control or Do Not Track,
        we treat that as a no.
      </p>
      <h2>Your rights</h2>
      <p>
        Under South Africa’s POPIA and the UK and EU GDPR you may ask to see, correct or delete your
        details. Email <a href={`mailto:${SITE.email}`}>{SITE.email}</a>.
      </p>
      <PrivacyRequestForm />
      <p>
        <Link to="/">Back to homepage</Link>
      </p>
    </section>
  )
}
