import {useState} from 'react'

import {Modal} from '../../../components/ui/modal'

/**
 * "Withdraw my request" behind a confirmation. The dialog traps focus and gives it back to the button when the
 * traveller keeps their request; once they withdraw, the page moves focus to its announcement instead.
 */
export function WithdrawRequest({
  confirmed,
  changePolicy,
  contactEmail,
  pending,
  onWithdraw,
}: {
  /** A confirmed booking is cancelled under the change policy; a request still open is simply withdrawn. */
  confirmed: boolean
  changePolicy: string
  contactEmail: string | null
  pending: boolean
  onWithdraw: () => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  const confirm = () => {
    void onWithdraw()
      .catch(() => {})
      .finally(() => setOpen(false))
  }
  const action = confirmed ? 'Cancel my booking' : 'Withdraw my request'
  return (
    <section aria-labelledby="withdraw-heading">
      <h2 id="withdraw-heading">Change of plans?</h2>
      {confirmed ? (
        <>
          <p data-testid="change-policy">{changePolicy}</p>
          <p>
            To change the date or your group, reply to our confirmation email
            {contactEmail ? (
              <>
                {' '}
                or write to <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
              </>
            ) : null}
            . If you can no longer come, cancel here and we will let the team know.
          </p>
        </>
      ) : (
        <p>
          If you no longer want this experience, withdraw your request and we will let the team
          know.
        </p>
      )}
      <button type="button" className="button" onClick={() => setOpen(true)}>
        {action}
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={confirmed ? 'Cancel your booking?' : 'Withdraw your request?'}
        footer={
          <>
            <button type="button" className="button" data-autofocus onClick={() => setOpen(false)}>
              {confirmed ? 'Keep my booking' : 'Keep my request'}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={pending}
              onClick={confirm}
            >
              {pending ? 'Withdrawing…' : confirmed ? 'Yes, cancel it' : 'Yes, withdraw it'}
            </button>
          </>
        }
      >
        {confirmed ? <p>{changePolicy}</p> : null}
        <p>The team will stop planning your trip. You cannot undo this from this page.</p>
      </Modal>
    </section>
  )
}
