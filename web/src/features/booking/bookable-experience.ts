/** The experience the booking dialog and the choice form book: what they show and where Continue goes. */
export type BookableExperience = {
  _id: string
  slug: string
  title: string
  category?: string | null
  duration?: string | null
  /** The from price a person, in rand: the summary's price per person and total. */
  fromPrice?: number | null
}
