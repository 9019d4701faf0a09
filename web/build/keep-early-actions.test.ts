import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {keepEarlyActions} from './keep-early-actions.ts'

function page() {
  document.body.innerHTML = `
    <button type="button" id="open">Book Now</button>
    <button type="button" id="menu">Menu</button>
    <button type="button" id="gone">Gone</button>
    <button type="button" id="off" disabled>Off</button>
    <form id="form">
      <input id="name" name="name" />
      <input id="consent" type="checkbox" name="consent" />
      <select id="size" name="size"><option value="">Select</option><option value="2">2</option></select>
      <textarea id="notes" name="notes"></textarea>
      <button id="send">Send</button>
    </form>
    <a href="#elsewhere" id="link">Elsewhere</a>`
  return (id: string) => document.getElementById(id)!
}

const escape = (target: EventTarget) =>
  target.dispatchEvent(new KeyboardEvent('keydown', {key: 'Escape', bubbles: true}))

describe('taps and keys before hydration', () => {
  beforeEach(() => {
    delete window.__earlyActions
    delete document.documentElement.dataset.earlyAction
  })
  afterEach(() => window.__earlyActions?.stop())

  it('keeps script-only button taps and Escape, shows them as busy, and performs each once after hydration', () => {
    const byId = page()
    keepEarlyActions()
    byId('open').click()
    byId('open').click() // an impatient second tap
    byId('menu').click()
    byId('gone').click()
    byId('off').click()
    byId('link').click()
    escape(document.body)
    escape(document.body)

    expect(byId('open').getAttribute('aria-busy')).toBe('true')
    expect(byId('open').dataset.earlyAction).toBe('')
    expect(document.documentElement.dataset.earlyAction).toBe('')
    // Links work without scripts, so they are not taken over.
    expect(byId('link').hasAttribute('aria-busy')).toBe(false)
    expect(byId('off').hasAttribute('aria-busy')).toBe(false)

    // Hydration: the app's handlers are attached, one button went away meanwhile.
    const performed: string[] = []
    for (const id of ['open', 'menu', 'gone', 'off'])
      byId(id).addEventListener('click', () => performed.push(id))
    const keys = vi.fn()
    document.addEventListener('keydown', (event) => keys(event.key), true)
    byId('gone').remove()
    window.__earlyActions!.replay()

    expect(performed).toEqual(['open', 'menu'])
    expect(keys.mock.calls).toEqual([['Escape']])
    expect(byId('open').hasAttribute('aria-busy')).toBe(false)
    expect(byId('open').dataset.earlyAction).toBeUndefined()
    expect(document.documentElement.dataset.earlyAction).toBeUndefined()

    // After hydration React handles taps itself: nothing more is kept or replayed.
    byId('menu').click()
    expect(byId('menu').hasAttribute('aria-busy')).toBe(false)
    window.__earlyActions!.replay()
    expect(performed).toEqual(['open', 'menu', 'menu'])
  })

  it('keeps nothing once stopped (React listens from then on)', () => {
    const byId = page()
    keepEarlyActions()
    window.__earlyActions!.stop()
    byId('open').click()
    escape(document.body)
    expect(byId('open').hasAttribute('aria-busy')).toBe(false)
    expect(document.documentElement.dataset.earlyAction).toBeUndefined()
  })
})

describe('what the page already holds, shown at once', () => {
  let app: AbortController
  beforeEach(() => {
    delete window.__earlyActions
    app = new AbortController()
  })
  afterEach(() => {
    window.__earlyActions?.stop()
    app.abort()
  })

  function layeredPage() {
    document.body.innerHTML = `
      <button type="button" id="menu-button" data-early-opens="menu">Open menu</button>
      <div id="menu" data-early-layer hidden><div role="dialog" aria-label="Main menu">Links</div></div>
      <div id="detail" data-early-layer><div role="dialog" aria-label="Detail">Detail</div></div>`
    return (id: string) => document.getElementById(id)!
  }

  it('shows a hidden layer on an early tap, and Escape hides the topmost open one, one per press', () => {
    const byId = layeredPage()
    keepEarlyActions()
    byId('menu-button').click()
    expect(byId('menu').hidden).toBe(false)
    // Shown, so the button is not marked busy: the tap has had its effect.
    expect(byId('menu-button').hasAttribute('aria-busy')).toBe(false)
    escape(document.body)
    expect(byId('menu').hidden).toBe(true)
    expect(byId('detail').hidden).toBe(false)
    escape(document.body)
    expect(byId('detail').hidden).toBe(true)
    escape(document.body) // nothing left to close: not kept, and nothing waits
    expect(document.documentElement.dataset.earlyAction).toBeUndefined()
  })

  it('puts the layers back as the server sent them, then replays, so the app decides what stays shown', () => {
    const byId = layeredPage()
    keepEarlyActions()
    byId('menu-button').click()
    escape(document.body) // closes the menu
    escape(document.body) // closes the detail dialog

    // The hydrated app: the button opens the menu; Escape closes the menu at once and the detail dialog a moment
    // later (it navigates), taking the key in both cases.
    const seen: string[] = []
    byId('menu-button').addEventListener('click', () => {
      seen.push(`open menu (menu hidden: ${byId('menu').hidden})`)
      byId('menu').hidden = false
    })
    document.addEventListener(
      'keydown',
      (event) => {
        event.preventDefault()
        if (!byId('menu').hidden) byId('menu').hidden = true
        else seen.push(`close detail (detail hidden: ${byId('detail').hidden})`)
      },
      {capture: true, signal: app.signal},
    )
    window.__earlyActions!.replay()

    expect(seen).toEqual(['open menu (menu hidden: true)', 'close detail (detail hidden: false)'])
    expect(byId('menu').hidden).toBe(true)
    // Taken, still in the page until the app's navigation removes it: kept hidden, not shown again meanwhile.
    expect(byId('detail').hidden).toBe(true)
  })

  it('shows a layer an Escape the app does not take would have closed', () => {
    const byId = layeredPage()
    keepEarlyActions()
    escape(document.body)
    expect(byId('detail').hidden).toBe(true)
    window.__earlyActions!.replay()
    expect(byId('detail').hidden).toBe(false)
  })

  it('puts the layers back when the app does not start', () => {
    const byId = layeredPage()
    keepEarlyActions()
    byId('menu-button').click()
    window.__earlyActions!.abandon()
    expect(byId('menu').hidden).toBe(true)
  })
})

describe('forms filled and sent before hydration', () => {
  beforeEach(() => {
    delete window.__earlyActions
  })
  afterEach(() => window.__earlyActions?.stop())

  it('keeps what was typed and the submission, and hands both to the hydrated form', () => {
    const byId = page()
    const form = byId('form') as HTMLFormElement
    keepEarlyActions()
    const type = (id: string, value: string) => {
      const field = byId(id) as HTMLInputElement
      field.value = value
      field.dispatchEvent(new Event('input', {bubbles: true}))
    }
    type('name', 'Thandi')
    type('notes', 'Vegetarian')
    ;(byId('size') as HTMLSelectElement).value = '2'
    byId('size').dispatchEvent(new Event('change', {bubbles: true}))
    byId('consent').click()
    byId('send').click()
    byId('send').click() // impatient
    expect(byId('send').getAttribute('aria-busy')).toBe('true')

    // Hydration resets the fields to the form's defaults, as react-hook-form does when it registers them.
    for (const id of ['name', 'notes', 'size']) (byId(id) as HTMLInputElement).value = ''
    ;(byId('consent') as HTMLInputElement).checked = false
    const heard: string[] = []
    form.addEventListener('input', (event) => heard.push(`input ${(event.target as Element).id}`))
    form.addEventListener('change', (event) => heard.push(`change ${(event.target as Element).id}`))
    form.addEventListener('click', (event) => heard.push(`click ${(event.target as Element).id}`))
    const sent: {name: string; consent: boolean; size: string; submitter: string}[] = []
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      const data = new FormData(form)
      sent.push({
        name: String(data.get('name')),
        consent: data.get('consent') === 'on',
        size: String(data.get('size')),
        submitter: (event.submitter as Element | null)?.id ?? '',
      })
    })
    window.__earlyActions!.replay()

    expect(heard).toEqual(
      expect.arrayContaining(['input name', 'input notes', 'change size', 'click consent']),
    )
    expect((byId('notes') as HTMLTextAreaElement).value).toBe('Vegetarian')
    expect(sent).toEqual([{name: 'Thandi', consent: true, size: '2', submitter: 'send'}])
    expect(byId('send').hasAttribute('aria-busy')).toBe(false)
  })
})

describe('when the app does not start', () => {
  beforeEach(() => {
    delete window.__earlyActions
  })
  afterEach(() => window.__earlyActions?.stop())

  it('clears the busy marks and sends the kept forms as the browser would without scripts', () => {
    const byId = page()
    const form = byId('form') as HTMLFormElement
    const nativeSubmit = vi.spyOn(form, 'submit').mockImplementation(() => undefined)
    keepEarlyActions()
    byId('open').click()
    byId('send').click()
    expect(byId('send').getAttribute('aria-busy')).toBe('true')
    const opened = vi.fn()
    byId('open').addEventListener('click', opened)

    window.__earlyActions!.abandon()

    expect(nativeSubmit).toHaveBeenCalledTimes(1)
    expect(opened).not.toHaveBeenCalled()
    for (const id of ['open', 'send']) expect(byId(id).hasAttribute('aria-busy')).toBe(false)
    expect(document.documentElement.dataset.earlyAction).toBeUndefined()
    // Nothing is kept any more.
    byId('open').click()
    expect(byId('open').hasAttribute('aria-busy')).toBe(false)
  })
})
