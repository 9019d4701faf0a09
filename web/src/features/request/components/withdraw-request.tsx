import {useState} from 'react'

import {Modal} from '../../../components/ui/modal'
import {REQUEST_FORMS} from '../api/request-forms'

/**
 * "Withdraw my request" behind a confirmation. It is a form: without script it posts to the page, which asks to
 * confirm on a step of its own (`asking`), whose "Yes" is a second form post. With script the form opens a dialog
 * instead, which traps focus and gives it back to the button when the traveller keeps their request; once they
 * withdraw, the page moves focus to its announcement.
 */
export function WithdrawRequest({
  confirmed,
  changePolicy,
  contactEmail,
  pending,
  onWithdraw,
  asking = false,
  pageHref,
}: {
  /** The page's answer to the form posted without script: show the confirmation step. */
  asking?: boolean
  /** The page's own address: "Keep my request" on the confirmation step goes back to it. */
  pageHref: string
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
  const title = confirmed ? 'Cancel your booking?' : 'Withdraw your request?'
  const keep = confirmed ? 'Keep my booking' : 'Keep my request'
  const yes = pending ? 'Withdrawing…' : confirmed ? 'Yes, cancel it' : 'Yes, withdraw it'
  const consequence = (
    <p>The team will stop planning your trip. You cannot undo this from this page.</p>
  )
  if (asking)
    return (
      <section aria-labelledby="withdraw-heading">
        <h2 id="withdraw-heading">{title}</h2>
        {confirmed ? <p>{changePolicy}</p> : null}
        {consequence}
        <form
          method="post"
          className="button-row"
          onSubmit={(event) => {
            event.preventDefault()
            void onWithdraw().catch(() => {})
          }}
        >
          <input type="hidden" name="form" value={REQUEST_FORMS.withdraw} />
          <a className="button" href={pageHref}>
            {keep}
          </a>
          <button type="submit" className="button button--primary" disabled={pending}>
            {yes}
          </button>
        </form>
      </section>
    )
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
      {/* Without script the page asks to confirm on its own step; with script, the dialog below asks. */}
      <form
        method="post"
        onSubmit={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        <input type="hidden" name="form" value={REQUEST_FORMS.withdrawAsk} />
        <button type="submit" className="button">
          {action}
        </button>
      </form>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        footer={
          <>
            <button type="button" className="button" data-autofocus onClick={() => setOpen(false)}>
              {keep}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={pending}
              onClick={confirm}
            >
              {yes}
            </button>
          </>
        }
      >
        {confirmed ? <p>{changePolicy}</p> : null}
        {consequence}
      </Modal>
    </section>
  )
}
