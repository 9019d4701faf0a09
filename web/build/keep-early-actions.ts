/** What the page's start-up script leaves for the app (see `keepEarlyActions`). */
export type EarlyActions = {
  /** Stops keeping actions: React is about to listen itself (and replays what it sees during hydration). */
  stop: () => void
  /** Stops, then performs the kept actions in order, once each. */
  replay: () => void
  /**
   * The app will not start (its scripts failed to load): stops, clears the busy marks, and sends the kept forms
   * as the browser would have without scripts, so nothing waits for ever.
   */
  abandon: () => void
}

declare global {
  interface Window {
    __earlyActions?: EarlyActions
  }
}

/**
 * Runs in the page as soon as it is parsed (inlined as source by paint-before-hydrating.ts, so it uses nothing
 * from outside). Pages are painted before their scripts run; until React has hydrated them, a tap on a button
 * that only scripts can serve (open a dialog, open the menu), Escape on a server-rendered dialog, or a
 * form sent early would do nothing or lose what was typed (hydrating a form resets its fields to the form's
 * defaults). This keeps them: what was typed or chosen in each field, button taps, Escape and form submissions,
 * marks the tapped button as busy so the traveller sees the tap was taken, and hands them to the app, which
 * performs them once it has hydrated: the fields first, as if typed again, then the taps and submissions in
 * order. An impatient second tap on the same button is kept once, so nothing is applied twice. Links work on
 * their own and are left alone.
 *
 * Where the page already holds what a tap shows, the tap shows it at once instead of waiting for the scripts
 * (on a slow phone they take a second or more): a layer (a dialog with its backdrop, marked `data-early-layer`)
 * that the server rendered `hidden` is shown by a tap on a button whose `data-early-opens` names it or an element
 * in it (the dialog its `aria-controls` names, say), and Escape
 * hides the topmost open layer. The app still performs the kept tap or key: before replaying, the layers are put
 * back as the server sent them (as React hydrated them), so what shows in the end is the app's own doing; a layer
 * whose Escape the app takes (cancels the key event) but closes a moment later, as a dialog that closes by
 * navigating does, stays hidden meanwhile.
 */
export function keepEarlyActions() {
  type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement
  type Action =
    | {kind: 'click'; target: HTMLElement}
    | {kind: 'escape'; target: EventTarget | null}
    | {kind: 'submit'; form: HTMLFormElement; submitter: HTMLElement | null}
  const queue: Action[] = []
  const fields = new Map<Field, {value: string; checked: boolean}>()
  const root = document.documentElement
  /** Layers shown or hidden early, with whether the server sent them hidden. */
  const layers = new Map<HTMLElement, boolean>()
  const setLayer = (layer: HTMLElement, hidden: boolean) => {
    const served = layers.get(layer) ?? layer.hidden
    // Re-inserted, so the map's order is the order in which layers were last changed.
    layers.delete(layer)
    layers.set(layer, served)
    layer.hidden = hidden
  }
  /** The open layers, the topmost last: the server's in page order, then those shown early, latest last. */
  const openLayers = () => {
    const shown = [...layers.keys()].filter((layer) => layer.isConnected && !layer.hidden)
    const served = [...document.querySelectorAll<HTMLElement>('[data-early-layer]')].filter(
      (layer) => !layer.hidden && !shown.includes(layer),
    )
    return [...served, ...shown]
  }
  const busy = (element: HTMLElement | null) => {
    element?.setAttribute('aria-busy', 'true')
    if (element) element.dataset.earlyAction = ''
    root.dataset.earlyAction = ''
  }

  const onField = (event: Event) => {
    const field = event.target
    // A file input's value cannot be set from a script; the browser keeps the chosen file itself.
    if (field instanceof HTMLInputElement && field.type === 'file') return
    if (
      field instanceof HTMLInputElement ||
      field instanceof HTMLSelectElement ||
      field instanceof HTMLTextAreaElement
    )
      fields.set(field, {
        value: field.value,
        checked: field instanceof HTMLInputElement && field.checked,
      })
  }
  const onClick = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    // A submit button's tap becomes the form's submit event, kept below; a disabled button does nothing.
    if (!button || button.disabled || (button.type === 'submit' && button.form)) return
    const last = queue[queue.length - 1]
    if (last?.kind !== 'click' || last.target !== button)
      queue.push({kind: 'click', target: button})
    const layer = document
      .getElementById(button.dataset.earlyOpens ?? '')
      ?.closest<HTMLElement>('[data-early-layer]')
    if (layer) setLayer(layer, false)
    else busy(button)
  }
  const onSubmit = (event: SubmitEvent) => {
    const form = event.target
    if (!(form instanceof HTMLFormElement)) return
    // Sent by the app once hydrated, with what was typed, rather than posted to the server without it.
    event.preventDefault()
    if (!queue.some((action) => action.kind === 'submit' && action.form === form))
      queue.push({kind: 'submit', form, submitter: event.submitter})
    busy(event.submitter)
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return
    const layer = openLayers().pop()
    if (layer) setLayer(layer, true)
    // Each Escape that closed a layer closes one dialog once replayed; of the others, one is kept.
    else if (queue.some((action) => action.kind === 'escape')) return
    else root.dataset.earlyAction = ''
    queue.push({kind: 'escape', target: event.target})
  }
  const listeners = [
    ['input', onField],
    ['change', onField],
    ['click', onClick],
    ['submit', onSubmit],
    ['keydown', onKeyDown],
  ] as const
  for (const [type, listener] of listeners) addEventListener(type, listener as EventListener, true)

  const stop = () => {
    for (const [type, listener] of listeners)
      removeEventListener(type, listener as EventListener, true)
  }

  /** Puts a kept value back as typing would, so the app's change handlers see it. */
  const restore = (field: Field, kept: {value: string; checked: boolean}) => {
    if (!field.isConnected) return
    if (
      field instanceof HTMLInputElement &&
      (field.type === 'checkbox' || field.type === 'radio')
    ) {
      // The app hears a checkbox change as a click: leave it in the other state and click it.
      if (field.checked !== kept.checked) field.click()
      else if (kept.checked !== field.defaultChecked) {
        field.checked = !kept.checked
        field.click()
      }
      return
    }
    const prototype = Object.getPrototypeOf(field) as object
    // The element's own setter, not the app's: frameworks watch `value` and would miss a change made through it.
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, kept.value)
    field.dispatchEvent(
      new Event(field instanceof HTMLSelectElement ? 'change' : 'input', {bubbles: true}),
    )
  }

  /** Puts the layers back as the server sent them. */
  const restoreLayers = () => {
    for (const [layer, hidden] of layers) layer.hidden = hidden
    layers.clear()
  }

  const clearBusy = () => {
    delete root.dataset.earlyAction
    for (const action of queue) {
      const element =
        action.kind === 'click' ? action.target : action.kind === 'submit' ? action.submitter : null
      element?.removeAttribute('aria-busy')
      if (element) delete element.dataset.earlyAction
    }
  }

  window.__earlyActions = {
    stop,
    abandon() {
      stop()
      clearBusy()
      restoreLayers()
      for (const action of queue.splice(0)) if (action.kind === 'submit') action.form.submit()
    },
    replay() {
      stop()
      clearBusy()
      restoreLayers()
      for (const [field, kept] of fields) {
        try {
          restore(field, kept)
        } catch {
          // One field the page no longer accepts (changed by the app meanwhile) must not stop the rest.
        }
      }
      fields.clear()
      for (const action of queue.splice(0)) {
        if (action.kind === 'click') {
          if (action.target.isConnected) action.target.click()
        } else if (action.kind === 'submit') {
          if (!action.form.isConnected) continue
          const submitter =
            action.submitter?.isConnected && action.submitter.closest('form') === action.form
              ? action.submitter
              : null
          try {
            action.form.requestSubmit(submitter)
          } catch {
            action.form.requestSubmit()
          }
        } else {
          const target =
            action.target instanceof Node && action.target.isConnected
              ? action.target
              : document.body
          const open = openLayers().length
          const taken = !target.dispatchEvent(
            new KeyboardEvent('keydown', {key: 'Escape', bubbles: true, cancelable: true}),
          )
          // Taken, yet every layer still on screen: the app closes the topmost a moment later (by navigating), and
          // it must not flash back meanwhile.
          const still = openLayers()
          const topmost = still.at(-1)
          if (taken && topmost && still.length >= open) topmost.hidden = true
        }
      }
    },
  }
}
