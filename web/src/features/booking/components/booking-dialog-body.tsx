/**
 * The booking dialog's contents, in their own chunk: they bring the booking rules and the date formatting, which
 * a page needs only once a traveller opens the dialog.
 */
import type {BookingDialogProps} from './booking-dialog-props'
import {TripChoiceForm} from './trip-choice-form'

export function BookingDialogBody({experience, onClose, onContinue, initial}: BookingDialogProps) {
  return (
    <TripChoiceForm
      experience={experience}
      initial={initial}
      onCancel={onClose}
      onChosen={onContinue ?? onClose}
      inDialog
    />
  )
}
