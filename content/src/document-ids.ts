/**
 * The seed's document ids. All at the root path (no dot): on hosted Sanity an id with a dot is under a
 * path, private to anonymous readers even in a public dataset, and the site reads content anonymously.
 */
export const experienceId = (slug: string) => `experience-${slug}`
export const settingsId = (slug: string) => `settings-${slug}`
export const storyId = (slug: string) => `story-${slug}`
export const testimonialId = (position: number) => `testimonial-${position}`
