/**
 * The fixed option lists used by the booking form, the questionnaire, the wizard and the studio.
 * `value` is what is stored; `title` is what a traveller or editor sees.
 */

type Option<V extends string = string> = {readonly value: V; readonly title: string}

function values<const T extends readonly Option[]>(options: T): T[number]['value'][] {
  return options.map((o) => o.value)
}

/** Booking form: country. Stored as the country name. */
export const COUNTRIES = [
  'South Africa',
  'United States',
  'United Kingdom',
  'Germany',
  'France',
  'Netherlands',
  'Australia',
  'Canada',
  'Italy',
  'Spain',
  'Switzerland',
  'Japan',
  'Brazil',
  'India',
  'Other',
] as const
export type Country = (typeof COUNTRIES)[number]

/** Booking form: how heard about us. Stored as the label. */
export const HOW_HEARD = [
  'Google',
  'Social Media',
  'Friend/Family Referral',
  'Travel Blog/Website',
  'Hotel/Accommodation',
  'Travel Agent',
  'Previous Visit',
  'Other',
] as const
export type HowHeard = (typeof HOW_HEARD)[number]

export const WIZARD_PACKAGES = [
  {value: 'bespoke-7-day', title: 'Bespoke 7-day'},
  {value: 'beach-bum', title: 'Beach Bum'},
  {value: 'finer-things', title: 'The Finer Things'},
  {value: 'ultimate-explorer', title: 'Ultimate Explorer'},
  {value: 'custom', title: 'Something custom'},
] as const
export type WizardPackage = (typeof WIZARD_PACKAGES)[number]['value']
export const WIZARD_PACKAGE_VALUES = values(WIZARD_PACKAGES)

/** Wizard step 1: travellers. */
export const WIZARD_TRAVELLERS = [
  {value: '1', title: '1'},
  {value: '2', title: '2'},
  {value: '3', title: '3'},
  {value: '4', title: '4'},
  {value: '5', title: '5'},
  {value: '6+', title: '6+'},
] as const
export type WizardTravellers = (typeof WIZARD_TRAVELLERS)[number]['value']
export const WIZARD_TRAVELLER_VALUES = values(WIZARD_TRAVELLERS)

export const TRIP_TYPES = [
  {value: 'create-own', title: 'Create my own'},
  {value: 'beach-bum', title: 'Beach Bum'},
  {value: 'finer-things', title: 'The Finer Things'},
  {value: 'ultimate-explorer', title: 'Ultimate Explorer'},
] as const
export type TripType = (typeof TRIP_TYPES)[number]['value']
export const TRIP_TYPE_VALUES = values(TRIP_TYPES)

export const TRIP_DURATIONS = [
  {value: '3-4-days', title: '3–4 days'},
  {value: '5-7-days', title: '5–7 days'},
  {value: '1-2-weeks', title: '1–2 weeks'},
  {value: '2-weeks-plus', title: '2 weeks or more'},
] as const
export type TripDuration = (typeof TRIP_DURATIONS)[number]['value']
export const TRIP_DURATION_VALUES = values(TRIP_DURATIONS)

export const GROUP_SIZES = [
  {value: 'solo', title: 'Solo'},
  {value: 'couple', title: 'Couple'},
  {value: 'small-group', title: 'Small group (3–6)'},
  {value: 'large-group', title: 'Large group (7+)'},
] as const
export type GroupSize = (typeof GROUP_SIZES)[number]['value']
export const GROUP_SIZE_VALUES = values(GROUP_SIZES)

export const INTERESTS = [
  {value: 'hiking', title: 'Hiking'},
  {value: 'beach', title: 'Beach'},
  {value: 'table-mountain', title: 'Table Mountain'},
  {value: 'shark-diving', title: 'Shark diving'},
  {value: 'wine-tours', title: 'Wine tours'},
  {value: 'chill-out', title: 'Chill out'},
  {value: 'see-animals', title: 'See animals'},
  {value: 'nightlife', title: 'Nightlife'},
  {value: 'foodie', title: 'Foodie'},
  {value: 'culture', title: 'Culture'},
  {value: 'garden-route', title: 'Garden Route'},
] as const
export type Interest = (typeof INTERESTS)[number]['value']
export const INTEREST_VALUES = values(INTERESTS)

export const SAFARI_OPTIONS = [
  {value: 'local', title: 'A local game reserve (day trip)'},
  {value: 'short', title: 'A short safari (2–3 nights)'},
  {value: 'long', title: 'A longer safari (4 nights or more)'},
  {value: 'none', title: 'No safari'},
] as const
export type SafariOption = (typeof SAFARI_OPTIONS)[number]['value']
export const SAFARI_VALUES = values(SAFARI_OPTIONS)

export const ACCOMMODATION_OPTIONS = [
  {value: 'airbnb', title: 'Airbnb or self-catering'},
  {value: 'mid-range', title: 'Mid-range hotel'},
  {value: '5-star', title: '5-star hotel'},
  {value: 'villa', title: 'Private villa'},
  {value: 'luxury', title: 'Luxury lodge or boutique'},
] as const
export type AccommodationOption = (typeof ACCOMMODATION_OPTIONS)[number]['value']
export const ACCOMMODATION_VALUES = values(ACCOMMODATION_OPTIONS)

/** Where an `itineraryRequest` lead came from. */
export const LEAD_SOURCES = [
  {value: 'questionnaire', title: 'Questionnaire'},
  {value: 'wizard', title: 'Booking wizard'},
] as const
export type LeadSource = (typeof LEAD_SOURCES)[number]['value']
export const LEAD_SOURCE_VALUES = values(LEAD_SOURCES)

/** Quick search on the home page. */
export const QUICK_SEARCH_LIMITS = Object.freeze({
  adults: {min: 1, max: 20},
  children: {min: 0, max: 10},
  leadTimeDays: 2,
})

export function optionTitle(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.title ?? value
}
