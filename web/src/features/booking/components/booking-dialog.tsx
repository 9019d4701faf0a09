import {lazy, Suspense} from 'react'

import {Modal} from '../../../components/ui/modal'
import type {BookingDialogProps} from './booking-dialog-props'

const BookingDialogBody = lazy(() => {
  // The form's first act is to query the experience's settings through the browser's Sanity client (lazy, see
  // sanity-fetch.ts): loading it alongside the form rather than after it has rendered saves a slow phone 0.3 s.
  // Should it fail, that query fails too and the form says so. Imported here, not through a helper exported by
  // sanity-fetch.ts: that split Vite's preload helper into a chunk of its own, one more file on every page.
  import('../../../lib/sanity-client').catch(() => undefined)
  return import('./booking-dialog-body').then((module) => ({default: module.BookingDialogBody}))
})

/** The booking dialog: date, party, preferred time, summary; Continue goes to the booking page. */
export function BookingDialog(props: BookingDialogProps) {
  // Mounted only while open, so every opening starts fresh and loads the settings again (they may have changed).
  return (
    <Modal
      open={props.open}
      onClose={props.onClose}
      title="Book this experience"
      className="booking-dialog"
      returnFocusRef={props.returnFocusRef}
    >
      {props.open ? (
        <Suspense fallback={<p className="muted">Loading…</p>}>
          <BookingDialogBody {...props} />
        </Suspense>
      ) : null}
    </Modal>
  )
}
