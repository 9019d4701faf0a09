/** The six experience pages of the route table. */
export const EXPERIENCE_PAGE_SLUGS = [
  'lions-head-sunset-hike',
  'cape-winelands-tour',
  'bo-kaap-food-walk',
  'township-jazz-night',
  'cape-point-penguins',
  'sunset-cruise',
] as const

/** The copy audit: the six pages plus two experiences that have no page of their own in the route table. */
export const COPY_AUDIT_SLUGS = [
  ...EXPERIENCE_PAGE_SLUGS,
  'robben-island',
  'bo-kaap-spice-route-cooking',
] as const
