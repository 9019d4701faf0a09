import {useState} from 'react'

import {Modal} from '../../../components/ui/modal'

/**
 * "Withdraw my request" behind a confirmation. The dialog traps focus and gives it back to the button when the
 * traveller keeps their request; once they withdraw, the page moves focus to its announcement instead.
 */
export function WithdrawRequest({
  pending,
  onWithdraw,
}: {
  pending: boolean
  onWithdraw: () => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  const confirm = () => {
    void onWithdraw()
      .catch(() => {})
      .finally(() => setOpen(false))
  }
  return (
    <section aria-labelledby="withdraw-heading">
      <h2 id="withdraw-heading">Change of plans?</h2>
      <p>
        If you no longer want this experience, withdraw your request and we will let the team know.
      </p>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        Withdraw my request
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Withdraw your request?"
        footer={
          <>
            <button type="button" className="button" data-autofocus onClick={() => setOpen(false)}>
              Keep my request
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={pending}
              onClick={confirm}
            >
              {pending ? 'Withdrawing…' : 'Yes, withdraw it'}
            </button>
          </>
        }
      >
        <p>The team will stop planning your trip. You cannot undo this from this page.</p>
      </Modal>
    </section>
  )
}
