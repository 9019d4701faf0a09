/** Spec §2 "Global behaviour": the navigation's links, in order. */
export const NAV_LINKS = [
  {to: '/', label: 'Home', end: true},
  {to: '/experiences', label: 'Experiences', end: false},
  {to: '/local-stories', label: 'Local Stories', end: false},
  {to: '/about', label: 'About Us', end: false},
] as const

export const BOOK_CTA = {to: '/questionnaire', label: 'Book Experience'} as const

/** The bar turns solid once the page has scrolled more than this many pixels. */
export const SOLID_AFTER_PX = 64

/** Focus goes back to the menu button this long after the menu closes. */
export const MENU_FOCUS_RETURN_MS = 100
