/**
 * The site's interface in English: the source catalogue (docs/decisions/246-interface-strings-with-lingui.md).
 * ICU MessageFormat; every other language's catalogue has exactly these keys (`tsc` checks it).
 */
export const en = {
  'shell.skipToContent': 'Skip to content',
  'shell.loadingPage': 'Loading page…',
  'nav.main': 'Main',
  'nav.home': 'Home',
  'nav.experiences': 'Experiences',
  'nav.stories': 'Local Stories',
  'nav.about': 'About Us',
  'nav.book': 'Book Experience',
  'nav.openMenu': 'Open menu',
  'nav.closeMenu': 'Close menu',
  'nav.mainMenu': 'Main menu',
  'nav.menu': 'Menu',
  'footer.label': 'Footer',
  'footer.blurb': 'Small groups, local guides, Cape Town and the Western Cape.',
  'footer.explore': 'Explore',
  'footer.sampleItinerary': 'Sample 7-day itinerary',
  'footer.planWithUs': 'Plan with us',
  'footer.planTrip': 'Plan your trip',
  'footer.talkToPlanner': 'Talk to a planner',
  'footer.privacy': 'Privacy',
  'footer.legal': '© {year} {name}. Prices in South African rand (ZAR).',
  'language.label': 'Language',
  'language.current': '{language} (this page)',
  'error.title': 'Something went wrong',
  'error.description': 'This page could not be loaded.',
  'error.heading': 'Sorry, this page could not be loaded',
  'error.body': 'Our content service did not answer. Please try again in a moment.',
  'error.retry': 'Try again',
  'loading': 'Loading…',
} as const

export type MessageId = keyof typeof en
export type Catalogue = Record<MessageId, string>
