/**
 * Experience categories with their one name, the same on the home page's chips, the cards' badges and the
 * listing's filter buttons and sections (`title` and `filterLabel` are kept equal by a test). The stored
 * value is the `value`; the listing's `?category=` query parameter uses it too. The listing shows one section per
 * category in this order.
 */
export const EXPERIENCE_CATEGORIES = [
  {value: 'bespoke', title: 'Bespoke', filterLabel: 'Bespoke'},
  {value: 'adventure', title: 'Adventure & Outdoors', filterLabel: 'Adventure & Outdoors'},
  {value: 'scenic', title: 'Scenic', filterLabel: 'Scenic'},
  {value: 'food-drink', title: 'Food & Drink', filterLabel: 'Food & Drink'},
  {value: 'history-culture', title: 'History & Culture', filterLabel: 'History & Culture'},
  {value: 'sport', title: 'Sport & Events', filterLabel: 'Sport & Events'},
] as const

export type ExperienceCategory = (typeof EXPERIENCE_CATEGORIES)[number]['value']

export const CATEGORY_VALUES: readonly ExperienceCategory[] = EXPERIENCE_CATEGORIES.map(
  (c) => c.value,
)

/** The home page's quick-search chips, in the order the home page shows them. */
export const QUICK_SEARCH_CATEGORY_ORDER: readonly ExperienceCategory[] = [
  'adventure',
  'scenic',
  'food-drink',
  'history-culture',
  'sport',
  'bespoke',
]

export const ALL_CATEGORIES_LABEL = 'All'
export const ALL_EXPERIENCES_LABEL = 'All Experiences'

export function isExperienceCategory(value: unknown): value is ExperienceCategory {
  return typeof value === 'string' && (CATEGORY_VALUES as readonly string[]).includes(value)
}

/** The badge text for a stored category value ("Food & Drink"). */
export function categoryTitle(value: string): string {
  return EXPERIENCE_CATEGORIES.find((c) => c.value === value)?.title ?? value
}

/** The listing's filter-button text for a stored category value ("Adventure & Outdoors"). */
export function categoryFilterLabel(value: string): string {
  return EXPERIENCE_CATEGORIES.find((c) => c.value === value)?.filterLabel ?? value
}
