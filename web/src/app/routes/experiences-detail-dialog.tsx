import {BookingDialog} from '../../features/booking/components/booking-dialog'
import type {ExperienceDetail} from '../../features/experiences/api/experience-fields'
import type {TripContext} from '../../features/experiences/booking-links'
import {ExperienceDetailDialog} from '../../features/experiences/components/experience-detail-dialog'

type Props = {experience: ExperienceDetail | null; onClose: () => void; trip: TripContext}

/** The listing's detail dialog, with the booking dialog its "Book" button opens composed in. */
export function ListingDetailDialog({experience, onClose, trip}: Props) {
  return (
    <ExperienceDetailDialog
      experience={experience}
      onClose={onClose}
      trip={trip}
      renderBooking={({experience: chosen, trip: context, onClose: closeBooking}) => (
        <BookingDialog
          open
          experience={{...chosen, slug: chosen.slug ?? ''}}
          onClose={closeBooking}
          onContinue={() => {}}
          initial={{date: context?.date, adults: context?.adults, children: context?.children}}
        />
      )}
    />
  )
}
