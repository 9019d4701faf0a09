import {useState} from 'react'
import {Link} from 'react-router-dom'

import {categoryTitle} from '@repo/schemas/categories.ts'
import {DEFAULT_CANCELLATION_TEXT} from '@repo/schemas/content-rules.ts'

import {Modal} from '../../../components/ui/modal'
import {experiencePrice, type ExperienceDetail} from '../api/experience-fields'
import {bookingHref, type TripContext} from '../booking-links'
import {FaqList} from './faq-list'

type Props = {
  experience: ExperienceDetail | null
  onClose: () => void
  trip?: TripContext
  /** The booking dialog (features/booking), composed in by the page so features stay independent. */
  renderBooking?: (props: {
    experience: ExperienceDetail
    trip: TripContext | undefined
    onClose: () => void
  }) => React.ReactNode
}

function ListSection({title, items, empty}: {title: string; items: string[]; empty: string}) {
  return (
    <section className="detail-section">
      <h3>{title}</h3>
      {items.length > 0 ? (
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
    </section>
  )
}

function TextSection({title, children}: {title: string; children: React.ReactNode}) {
  return (
    <section className="detail-section">
      <h3>{title}</h3>
      {children}
    </section>
  )
}

/** The experience detail dialog: the nine sections, up to five FAQs, and the booking or questionnaire button. */
export function ExperienceDetailDialog({experience, onClose, trip, renderBooking}: Props) {
  const [booking, setBooking] = useState<string | null>(null)
  const open = experience !== null && booking !== experience._id
  // The booking dialog takes the detail dialog's place; Cancel brings the details back.
  const bookingDialog =
    experience && booking === experience._id && renderBooking
      ? renderBooking({experience, trip, onClose: () => setBooking(null)})
      : null
  // The same Modal instance stays mounted when it closes, so its clean-up returns focus to the opener.
  if (!experience || !open)
    return (
      <>
        <Modal open={false} onClose={onClose} title="">
          {null}
        </Modal>
        {bookingDialog}
      </>
    )
  const price = experiencePrice(experience)
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={experience.title}
      className="experience-detail"
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            Close
          </button>
          {experience.isBespoke ? (
            <Link to="/questionnaire" className="button button--primary">
              Start Questionnaire
            </Link>
          ) : renderBooking ? (
            <button
              type="button"
              className="button button--primary"
              onClick={() => setBooking(experience._id)}
            >
              Book this experience
            </button>
          ) : (
            <Link to={bookingHref(experience, trip)} className="button button--primary">
              Book this experience
            </Link>
          )}
        </>
      }
    >
      <span className="badge">{categoryTitle(experience.category)}</span>
      <ul className="card__meta" aria-label="Key facts">
        {experience.location ? <li>{experience.location}</li> : null}
        {experience.duration ? <li>{experience.duration}</li> : null}
        {price ? <li className="card__price">{price}</li> : null}
      </ul>
      {experience.description ? <p>{experience.description}</p> : null}
      <ListSection
        title="Highlights"
        items={experience.highlights}
        empty="Ask us for the highlights."
      />
      <TextSection title="What to expect">
        <p>{experience.whatToExpect ?? 'Your guide shares the details when you book.'}</p>
      </TextSection>
      <ListSection
        title="What’s included"
        items={experience.included}
        empty="Ask us what is included."
      />
      <ListSection
        title="Optional extras"
        items={experience.optionalExtras}
        empty="No optional extras."
      />
      <ListSection
        title="What to bring"
        items={experience.whatToBring}
        empty="Nothing special: comfortable clothes will do."
      />
      <TextSection title="Good to know">
        {experience.format ? (
          <p>
            <strong>Format:</strong> {experience.format}
          </p>
        ) : null}
        {experience.goodToKnow ? <p>{experience.goodToKnow}</p> : null}
      </TextSection>
      <TextSection title="Meeting & pick-up">
        <p>{experience.meetingPickup ?? 'We confirm the meeting point by email.'}</p>
      </TextSection>
      <TextSection title="Cancellation & changes">
        <p>{experience.cancellation ?? DEFAULT_CANCELLATION_TEXT}</p>
      </TextSection>
      <TextSection title="FAQs">
        {experience.faqs.length > 0 ? (
          <FaqList faqs={experience.faqs} />
        ) : (
          <p className="muted">Questions? Our planners are happy to help.</p>
        )}
      </TextSection>
    </Modal>
  )
}
