/** What the page's start-up script leaves for the app (see `keepEarlyActions`). */
export type EarlyActions = {
  /** Stops keeping actions: React is about to listen itself (and replays what it sees during hydration). */
  stop: () => void
  /** Stops, then performs the kept actions in order, once each. */
  replay: () => void
}

declare global {
  interface Window {
    __earlyActions?: EarlyActions
  }
}

/**
 * Runs in the page as soon as it is parsed (inlined as source by paint-before-hydrating.ts, so it uses nothing
 * from outside). Pages are painted before their scripts run; until React has hydrated them, a link or a form
 * works on its own, but a button that only scripts can serve (open a dialog, open the menu) and Escape on a
 * server-rendered dialog would do nothing and be lost. This keeps such taps and keys, marks the tapped button as
 * busy so the traveller sees the tap was taken, and hands them to the app to replay once it has hydrated. An
 * impatient second tap on the same button is kept once, so nothing is applied twice.
 */
export function keepEarlyActions() {
  type Action = {kind: 'click'; target: HTMLElement} | {kind: 'escape'; target: EventTarget | null}
  const queue: Action[] = []
  const root = document.documentElement

  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    // A submit button sends its form without scripts (the server answers it), and a disabled one does nothing.
    if (!button || button.disabled || (button.type === 'submit' && button.form)) return
    const last = queue[queue.length - 1]
    if (last?.kind !== 'click' || last.target !== button)
      queue.push({kind: 'click', target: button})
    button.setAttribute('aria-busy', 'true')
    button.dataset.earlyAction = ''
    root.dataset.earlyAction = ''
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || queue.some((action) => action.kind === 'escape')) return
    queue.push({kind: 'escape', target: event.target})
    root.dataset.earlyAction = ''
  }
  addEventListener('click', onClick, true)
  addEventListener('keydown', onKeyDown, true)

  const stop = () => {
    removeEventListener('click', onClick, true)
    removeEventListener('keydown', onKeyDown, true)
  }
  window.__earlyActions = {
    stop,
    replay() {
      stop()
      delete root.dataset.earlyAction
      for (const action of queue.splice(0)) {
        if (action.kind === 'click') {
          action.target.removeAttribute('aria-busy')
          delete action.target.dataset.earlyAction
          if (action.target.isConnected) action.target.click()
        } else {
          const target =
            action.target instanceof Node && action.target.isConnected
              ? action.target
              : document.body
          target.dispatchEvent(
            new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, cancelable: true}),
          )
        }
      }
    },
  }
}
