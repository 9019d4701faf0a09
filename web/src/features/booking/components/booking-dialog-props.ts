import type {RefObject} from 'react'

import type {BookableExperience} from '../bookable-experience'

/** What opens the booking dialog; its lazily loaded body takes the same, so the type lives apart from both. */
export type BookingDialogProps = {
  experience: BookableExperience
  open: boolean
  onClose: () => void
  /** After Continue has started the navigation; defaults to `onClose`. */
  onContinue?: () => void
  initial?: {date?: string | null; adults?: number | null; children?: number | null}
  returnFocusRef?: RefObject<HTMLElement | null>
}
