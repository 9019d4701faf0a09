/** The navigation's links, in order. */
export const NAV_LINKS = [
  {to: '/', label: 'Home', end: true},
  {to: '/experiences', label: 'Experiences', end: false},
  {to: '/local-stories', label: 'Local Stories', end: false},
  {to: '/about', label: 'About Us', end: false},
] as const

/**
 * The header's and phone menu's call to action: booking starts from the experiences. The bespoke questionnaire is
 * not booking; it keeps its own entries ("Plan your trip" in the hero and the footer).
 */
export const BOOK_CTA = {to: '/experiences', label: 'Book Experience'} as const

/** The staff's pages: the public call to action and the visitors' analytics question have no place there. */
export const isStaffPage = (pathname: string) =>
  pathname === '/admin' || pathname.startsWith('/admin/')

/**
 * Pages where someone is in the middle of a booking (the form, their private request page, the thank-you page):
 * the analytics question would sit over the form's buttons, so it waits for the next page.
 */
export const isTransactionPage = (pathname: string) =>
  /^\/(book|requests)(\/|$)|^\/thank-you$/.test(pathname)

/** The bar turns solid once the page has scrolled more than this many pixels. */
export const SOLID_AFTER_PX = 64

/** Focus goes back to the menu button this long after the menu closes. */
export const MENU_FOCUS_RETURN_MS = 100
