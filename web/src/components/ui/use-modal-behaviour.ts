import {useEffect, useRef, type RefObject} from 'react'

const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

export function focusableWithin(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) => !element.hasAttribute('inert') && element.getAttribute('aria-hidden') !== 'true',
  )
}

/** How many modals are open, so closing a nested one does not unlock the page under the other. */
let openModals = 0

type Options = {
  open: boolean
  onClose: () => void
  /** Where focus goes after closing; defaults to whatever had focus when the modal opened. */
  returnFocusRef?: RefObject<HTMLElement | null> | undefined
  /** Delay before focus returns; the mobile menu waits 100 ms for its closing transition. */
  returnFocusDelay?: number
}

/**
 * What every modal dialog of the site needs (WCAG 2.2 "focus order", "no keyboard trap" with a way out): focus
 * moves in, Tab and Shift+Tab cycle inside, Escape closes, the page behind cannot scroll and carries the
 * `data-modal-open` marker, and focus goes back where it came from.
 */
export function useModalBehaviour(containerRef: RefObject<HTMLElement | null>, options: Options) {
  const {open, returnFocusDelay = 0} = options
  const onCloseRef = useRef(options.onClose)
  onCloseRef.current = options.onClose
  const returnFocusRef = useRef(options.returnFocusRef)
  returnFocusRef.current = options.returnFocusRef

  useEffect(() => {
    if (!open) return
    const container = containerRef.current
    if (!container) return
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null

    const initial =
      container.querySelector<HTMLElement>('[data-autofocus]') ?? focusableWithin(container)[0]
    ;(initial ?? container).focus()

    openModals += 1
    const body = document.body
    const previousOverflow = body.style.overflow
    body.style.overflow = 'hidden'
    body.setAttribute('data-modal-open', 'true')

    function onKeyDown(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        // Taken: the replay of an early Escape (web/build/keep-early-actions.ts) learns the dialog is closing.
        event.preventDefault()
        event.stopPropagation()
        onCloseRef.current()
        return
      }
      if (event.key !== 'Tab' || !container) return
      const items = focusableWithin(container)
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) {
        event.preventDefault()
        container.focus()
        return
      }
      const active = document.activeElement
      if (event.shiftKey && (active === first || !container.contains(active))) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (active === last || !container.contains(active))) {
        event.preventDefault()
        first.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown, true)

    return () => {
      document.removeEventListener('keydown', onKeyDown, true)
      openModals -= 1
      if (openModals === 0) {
        body.style.overflow = previousOverflow
        body.removeAttribute('data-modal-open')
      }
      const target = returnFocusRef.current?.current ?? previouslyFocused
      const restore = () => target?.isConnected && target.focus()
      if (returnFocusDelay > 0) window.setTimeout(restore, returnFocusDelay)
      else restore()
    }
  }, [open, containerRef, returnFocusDelay])
}
