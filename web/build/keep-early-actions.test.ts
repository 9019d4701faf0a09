import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {keepEarlyActions} from './keep-early-actions'

function page() {
  document.body.innerHTML = `
    <button type="button" id="open">Book Now</button>
    <button type="button" id="menu">Menu</button>
    <button type="button" id="gone">Gone</button>
    <button type="button" id="off" disabled>Off</button>
    <form id="form"><button id="send">Send</button></form>
    <a href="#elsewhere" id="link">Elsewhere</a>`
  // jsdom does not send forms; the test only needs to know the submit was left alone.
  document.getElementById('form')!.addEventListener('submit', (event) => event.preventDefault())
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
    byId('send').click()
    byId('link').click()
    escape(document.body)
    escape(document.body)

    expect(byId('open').getAttribute('aria-busy')).toBe('true')
    expect(byId('open').dataset.earlyAction).toBe('')
    expect(document.documentElement.dataset.earlyAction).toBe('')
    // Links and forms work without scripts, so they are not taken over.
    expect(byId('send').hasAttribute('aria-busy')).toBe(false)
    expect(byId('link').hasAttribute('aria-busy')).toBe(false)
    expect(byId('off').hasAttribute('aria-busy')).toBe(false)

    // Hydration: the app's handlers are attached, one button went away meanwhile.
    const performed: string[] = []
    for (const id of ['open', 'menu', 'gone', 'off', 'send'])
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
