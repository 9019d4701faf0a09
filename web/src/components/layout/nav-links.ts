/** The navigation's links, in order; their words are in the catalogues (web/src/i18n/messages). */
export const NAV_LINKS = [
  {to: '/', label: 'nav.home', end: true},
  {to: '/experiences', label: 'nav.experiences', end: false},
  {to: '/local-stories', label: 'nav.stories', end: false},
  {to: '/about', label: 'nav.about', end: false},
] as const

/**
 * The header's and phone menu's call to action: booking starts from the experiences. The bespoke questionnaire is
 * not booking; it keeps its own entries ("Plan your trip" in the hero and the footer).
 */
export const BOOK_CTA = {to: '/experiences', label: 'nav.book'} as const

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
