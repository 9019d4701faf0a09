import {useId} from 'react'

import {formatLongDateTime} from '@repo/schemas/format-date.ts'
import type {BookingMail} from '@repo/schemas/staff-booking-mail.ts'
import {useBookingMail, useResendMail} from '../api/get-booking-mail'
import {ApiError} from '../../../lib/api-client'
import {useToast} from './toasts'

const recipient = (mail: BookingMail) =>
  mail.mail_id.endsWith('-traveller')
    ? 'To the traveller'
    : mail.mail_id.endsWith('-team')
      ? 'To the team'
      : 'Mail'

const times = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`)

/** Where a mail stands, in words. */
export function mailState(mail: BookingMail): string {
  switch (mail.status) {
    case 'sent':
      return mail.sent_at ? `Sent ${formatLongDateTime(mail.sent_at)}` : 'Sent'
    case 'sending':
      return 'Sending now'
    case 'failed':
      return `Not delivered: given up after trying ${times(mail.attempts)}`
    default:
      return mail.attempts > 0
        ? `Waiting: tried ${times(mail.attempts)}, next try ${formatLongDateTime(mail.next_attempt_at)}`
        : 'Waiting to be sent'
  }
}

/**
 * The booking's mails: to whom, where each stands, the mail server's last answer when one failed, and
 * "Send again" for a mail that was given up.
 */
export function BookingMailLog({bookingId}: {bookingId: string}) {
  const headingId = useId()
  const log = useBookingMail(bookingId)
  const resend = useResendMail(bookingId)
  const toast = useToast()
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>Mail</h3>
      {log.isPending ? (
        <p className="admin-details__text">Loading mail…</p>
      ) : log.isError ? (
        <p className="admin-details__text">The mail log could not be loaded.</p>
      ) : log.data.mail.length === 0 ? (
        <p className="admin-details__text">No mail for this booking.</p>
      ) : (
        <ul className="admin-details__mail">
          {log.data.mail.map((mail) => (
            <li key={mail.mail_id}>
              <p className="admin-details__text">
                <strong>{recipient(mail)}</strong> ({mail.to}): {mail.subject}
              </p>
              <p className="admin-details__text">{mailState(mail)}</p>
              {mail.last_error && mail.status !== 'sent' ? (
                <p className="admin-details__text">Last answer: {mail.last_error}</p>
              ) : null}
              {mail.status === 'failed' ? (
                <button
                  type="button"
                  className="button button--ghost"
                  aria-label={`Send again: ${recipient(mail).toLowerCase()}`}
                  disabled={resend.isPending}
                  onClick={() =>
                    resend.mutate(mail.mail_id, {
                      onSuccess: () =>
                        toast({
                          title: 'Success',
                          description: 'The mail will be sent again',
                          variant: 'default',
                        }),
                      onError: (error) =>
                        toast({
                          title: 'Error',
                          description:
                            error instanceof ApiError && error.status === 409
                              ? 'This mail is already on its way again.'
                              : 'Failed to send the mail again',
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  Send again
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
