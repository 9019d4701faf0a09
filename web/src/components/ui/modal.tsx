import {useId, useRef, type ReactNode, type RefObject} from 'react'

import {useModalBehaviour} from './use-modal-behaviour'

type ModalProps = {
  open: boolean
  onClose: () => void
  /** The accessible name; shown as the dialog's heading unless `hideTitle`. */
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
  className?: string
  returnFocusRef?: RefObject<HTMLElement | null>
  returnFocusDelay?: number
  closeLabel?: string
}

/** A modal dialog: backdrop click, Escape and the × button close it; see `useModalBehaviour` for focus. */
export function Modal({
  open,
  onClose,
  title,
  children,
  footer,
  className,
  returnFocusRef,
  returnFocusDelay,
  closeLabel = 'Close dialog',
}: ModalProps) {
  const ref = useRef<HTMLDivElement>(null)
  const titleId = useId()
  useModalBehaviour(ref, {open, onClose, returnFocusRef, returnFocusDelay})
  if (!open) return null
  return (
    <div
      className="modal-backdrop"
      // Escape before the scripts run hides it at once (web/build/keep-early-actions.ts).
      data-early-layer=""
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        // Only a press that starts on the backdrop itself closes, so selecting text inside never does.
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={['modal', className].filter(Boolean).join(' ')}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button type="button" className="icon-button" onClick={onClose} aria-label={closeLabel}>
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>
  )
}
