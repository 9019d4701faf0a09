import {lazy, Suspense} from 'react'

import {Modal} from '../../../components/ui/modal'
import type {BookingDialogProps} from './booking-dialog-props'

const BookingDialogBody = lazy(() => {
  // The form's first act is to query the experience's settings through the browser's Sanity client and the
  // site's queries (both lazy, see sanity-fetch.ts): loading them alongside the form rather than after it has
  // rendered saves a slow phone 0.3 s. Should either fail, that query fails too and the form says so.
  import('../../../lib/sanity-client').catch(() => undefined)
  import('../../../lib/queries').catch(() => undefined)
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
