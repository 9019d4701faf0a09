import {act, cleanup, fireEvent, render, screen, within} from '@testing-library/react'
import {MemoryRouter} from 'react-router-dom'
import {afterEach, beforeEach, describe, expect, it, vi} from 'vitest'

import {SiteNav} from './site-nav'

function renderNav() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <SiteNav />
    </MemoryRouter>,
  )
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', {value: y, configurable: true})
  fireEvent.scroll(window)
}

describe('SiteNav', () => {
  beforeEach(() => scrollTo(0))
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
    document.body.removeAttribute('style')
  })

  it('shows the spec’s links and the Book Experience button to the experiences one books from, not the questionnaire', () => {
    renderNav()
    const nav = screen.getByRole('navigation', {name: 'Main'})
    const links = within(nav).getAllByRole('link')
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Experiences', '/experiences'],
      ['Local Stories', '/local-stories'],
      ['About Us', '/about'],
    ])
    // Booking starts from the experiences; the bespoke questionnaire has its own entries (hero, footer).
    expect(screen.getByRole('link', {name: 'Book Experience'})).toHaveProperty(
      'pathname',
      '/experiences',
    )
  })

  it('turns solid only after scrolling more than 64px', () => {
    const {container} = renderNav()
    const header = container.querySelector('header')!
    expect(header.className).not.toContain('site-nav--solid')
    scrollTo(64)
    expect(header.className).not.toContain('site-nav--solid')
    scrollTo(65)
    expect(header.className).toContain('site-nav--solid')
    scrollTo(10)
    expect(header.className).not.toContain('site-nav--solid')
  })
})

describe('mobile menu', () => {
  afterEach(() => {
    cleanup()
    vi.useRealTimers()
  })

  function openMenu() {
    renderNav()
    const button = screen.getByRole('button', {name: 'Open menu'})
    button.focus()
    fireEvent.click(button)
    return {button, dialog: screen.getByRole('dialog', {name: 'Main menu'})}
  }

  it('opens as a modal dialog with focus inside and the page locked', () => {
    const {button, dialog} = openMenu()
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(button.getAttribute('aria-expanded')).toBe('true')
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(document.body.style.overflow).toBe('hidden')
    expect(document.body.getAttribute('data-modal-open')).toBe('true')
  })

  it('keeps Tab and Shift+Tab inside the dialog', () => {
    const {dialog} = openMenu()
    const focusable = [...dialog.querySelectorAll<HTMLElement>('a[href], button')]
    const first = focusable[0]!
    const last = focusable[focusable.length - 1]!
    last.focus()
    fireEvent.keyDown(document.activeElement!, {key: 'Tab'})
    expect(document.activeElement).toBe(first)
    fireEvent.keyDown(document.activeElement!, {key: 'Tab', shiftKey: true})
    expect(document.activeElement).toBe(last)
  })

  it('closes on Escape, unlocks the page and returns focus to the menu button after 100 ms', () => {
    vi.useFakeTimers()
    const {button} = openMenu()
    fireEvent.keyDown(document.activeElement!, {key: 'Escape'})
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.body.style.overflow).toBe('')
    expect(document.body.hasAttribute('data-modal-open')).toBe(false)
    expect(button.getAttribute('aria-expanded')).toBe('false')
    act(() => vi.advanceTimersByTime(99))
    expect(document.activeElement).not.toBe(button)
    act(() => vi.advanceTimersByTime(1))
    expect(document.activeElement).toBe(button)
  })

  it('closes on a backdrop click but not on a click inside the panel', () => {
    const {dialog} = openMenu()
    fireEvent.mouseDown(dialog)
    expect(screen.getByRole('dialog')).toBeTruthy()
    fireEvent.mouseDown(screen.getByTestId('mobile-menu-backdrop'))
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('closes when a link in it is followed', () => {
    openMenu()
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', {name: 'About Us'}))
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
