import type {SanityClient} from '@sanity/client'
import {
  AvailabilityType,
  CapabilityId,
  ContactField,
  DeliveryFormat,
  DeliveryMethod,
  DurationUnit,
  FeatureType,
  MediaRel,
  MediaType,
  RedemptionMethod,
  UnitType,
  type Feature,
  type Option,
  type Pricing,
  type Product,
  type Unit,
} from '@octocloud/types'

import {departureSlots, resolveBookingRules, type BookingRules} from '@repo/schemas/capacity.ts'
import {
  durationHours,
  meetingPointInWords,
  startTimeOn,
  type TripDetails,
} from '@repo/schemas/trip-details.ts'

import {catalogueEntryQuery} from './queries/catalogue-entry-query.ts'
import {catalogueQuery} from './queries/catalogue-query.ts'

/**
 * The experiences editors opened to resellers, as OCTO products (docs/decisions/200-octo-supplier-api.md). The
 * product id is the experience's document id, which a rename never changes; one option (`DEFAULT`); two units,
 * adults and children, within the booking rules' group limits; `START_TIME` availability in Cape Town.
 */
export const OCTO_TIME_ZONE = 'Africa/Johannesburg'
/** Cape Town keeps no summer time: its offset is the same all year. */
export const CAPE_TOWN_OFFSET = '+02:00'
export const OPTION_ID = 'DEFAULT'
export const ADULT_UNIT = 'adult'
export const CHILD_UNIT = 'child'
export const CURRENCY = 'ZAR'
/** Youngest adult; a child is anyone younger and at least the experience's minimum age. */
const ADULT_AGE = 18
const OLDEST = 99

/**
 * Where the site's departures have a name but no clock time (several slots a day), the start a reseller is told.
 * One experience departing once a day starts at its editors' start time (or per-date start), else 09:00.
 */
export const SLOT_START_TIMES: Record<string, string> = {
  'Morning': '09:00',
  'Afternoon': '14:00',
  'Sunset': '17:00',
  'Full Day': '08:00',
  'Evening': '19:00',
}
const DEFAULT_START = '09:00'

export type CatalogueExperience = TripDetails & {
  _id: string
  title: string
  slug: string
  blurb?: string | null
  description?: string | null
  fromPrice?: number | null
  minimumAge?: number | null
  included?: string[] | null
  imageUrl?: string | null
  imageAlt?: string | null
  storedRules?: Parameters<typeof resolveBookingRules>[0]
}

export type CatalogueEntry = CatalogueExperience & {rules: BookingRules}

const withRules = (experience: CatalogueExperience): CatalogueEntry => ({
  ...experience,
  rules: resolveBookingRules(experience.storedRules),
})

/** The reseller's own list, when it has one: empty is every experience opened to resellers. */
const allowed = (experiences: readonly string[], id: string) =>
  experiences.length === 0 || experiences.includes(id)

export async function loadCatalogue(
  content: SanityClient,
  resellerExperiences: readonly string[],
): Promise<CatalogueEntry[]> {
  const all: CatalogueExperience[] = await content.fetch(
    catalogueQuery,
    {},
    {perspective: 'published'},
  )
  return all.filter((e) => allowed(resellerExperiences, e._id)).map(withRules)
}

/** One product by id, or null when it is unknown, not for resellers, or not on this reseller's list. */
export async function loadCatalogueEntry(
  content: SanityClient,
  resellerExperiences: readonly string[],
  id: string,
): Promise<CatalogueEntry | null> {
  if (!allowed(resellerExperiences, id)) return null
  const found: CatalogueExperience | null = await content.fetch(
    catalogueEntryQuery,
    {id},
    {perspective: 'published'},
  )
  return found ? withRules(found) : null
}

/** One departure as OCTO sees it: the site's slot (`''`: the day's one departure) and its local start. */
export type OctoDeparture = {slot: string; start: string; end: string; id: string}

const pad = (n: number) => String(n).padStart(2, '0')

/** `yyyy-MM-ddTHH:mm:00+02:00` plus `hours`, on Cape Town's clock. */
export function localDateTime(date: string, time: string, plusHours = 0): string {
  const utc = new Date(`${date}T${time}:00${CAPE_TOWN_OFFSET}`)
  const shifted = new Date(utc.getTime() + plusHours * 3_600_000 + 2 * 3_600_000)
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}T${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}:00${CAPE_TOWN_OFFSET}`
}

/** The departures an experience runs on `date` as OCTO start times; the availability id is the local start. */
export function departuresOf(entry: CatalogueEntry, date: string): OctoDeparture[] {
  const slots = departureSlots(entry.rules)
  const hours = durationHours(entry.duration)
  return slots.map((slot) => {
    const time =
      slot === ''
        ? (startTimeOn(date, entry) ??
          SLOT_START_TIMES[entry.rules.timeSlots[0] ?? ''] ??
          DEFAULT_START)
        : (SLOT_START_TIMES[slot] ?? DEFAULT_START)
    const start = localDateTime(date, time)
    return {slot, start, end: localDateTime(date, time, hours), id: start}
  })
}

/** The usual start times (HH:mm) for the option's `availabilityLocalStartTimes`. */
function usualStartTimes(entry: CatalogueEntry): string[] {
  const slots = departureSlots(entry.rules)
  if (slots.length === 1 && slots[0] === '')
    return [
      entry.startTime && /^\d{2}:\d{2}$/.test(entry.startTime)
        ? entry.startTime
        : (SLOT_START_TIMES[entry.rules.timeSlots[0] ?? ''] ?? DEFAULT_START),
    ]
  return slots.map((slot) => SLOT_START_TIMES[slot] ?? DEFAULT_START)
}

/** Rand to OCTO's integer minor units (cents). */
export const minorUnits = (rand: number) => Math.round(rand * 100)

/** An amount in ZAR cents as OCTO prices it: the retail price, no net price, taxes included. */
export const pricingOf = (amount: number): Pricing => ({
  original: amount,
  retail: amount,
  net: null,
  currency: CURRENCY,
  currencyPrecision: 2,
  includedTaxes: [],
})

export function unitPrice(entry: CatalogueEntry): Pricing | null {
  if (typeof entry.fromPrice !== 'number' || entry.fromPrice <= 0) return null
  return pricingOf(minorUnits(entry.fromPrice))
}

export type Capabilities = {pricing: boolean; content: boolean}

/** The `Octo-Capabilities` request header: a comma-separated list of capability ids. */
export function readCapabilities(header: string | null | undefined): Capabilities {
  const ids = new Set(
    (header ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  )
  return {pricing: ids.has(CapabilityId.OCTO_PRICING), content: ids.has(CapabilityId.OCTO_CONTENT)}
}

export const capabilitiesHeader = (capabilities: Capabilities) =>
  [
    ...(capabilities.pricing ? [CapabilityId.OCTO_PRICING] : []),
    ...(capabilities.content ? [CapabilityId.OCTO_CONTENT] : []),
  ].join(', ')

function units(entry: CatalogueEntry, capabilities: Capabilities): Unit[] {
  const price = unitPrice(entry)
  const childAge = Math.max(0, Math.min(ADULT_AGE - 1, entry.minimumAge ?? 0))
  const unit = (
    id: string,
    type: UnitType,
    title: string,
    minAge: number,
    maxAge: number,
  ): Unit => ({
    id,
    internalName: title,
    reference: id,
    type,
    restrictions: {
      minAge,
      maxAge,
      idRequired: false,
      minQuantity: null,
      maxQuantity: entry.rules.maxPax,
      paxCount: 1,
      accompaniedBy: type === UnitType.CHILD ? [ADULT_UNIT] : [],
    },
    requiredContactFields: [],
    ...(capabilities.pricing && price ? {pricingFrom: [price], pricing: [price]} : {}),
    ...(capabilities.content ? {title, shortDescription: `${title} (${minAge}–${maxAge})`} : {}),
  })
  return [
    unit(ADULT_UNIT, UnitType.ADULT, 'Adult', ADULT_AGE, OLDEST),
    unit(CHILD_UNIT, UnitType.CHILD, 'Child', childAge, ADULT_AGE - 1),
  ]
}

function features(entry: CatalogueEntry): Feature[] {
  const meeting = meetingPointInWords(entry.meetingPoint)
  return [
    ...(entry.included ?? []).map((text) => ({
      shortDescription: text,
      type: FeatureType.INCLUSION,
    })),
    ...(entry.whatToBring ?? []).map((text) => ({
      shortDescription: `Bring: ${text}`,
      type: FeatureType.PREARRIVAL_INFORMATION,
    })),
    ...(meeting
      ? [{shortDescription: `Meeting point: ${meeting}`, type: FeatureType.REDEMPTION_INSTRUCTION}]
      : []),
  ]
}

function content(entry: CatalogueEntry) {
  const hours = durationHours(entry.duration)
  return {
    title: entry.title,
    shortDescription: entry.blurb ?? null,
    description: entry.description ?? null,
    features: features(entry),
    faqs: [],
    media: entry.imageUrl
      ? [
          {
            src: entry.imageUrl,
            type: /\.png$/i.test(entry.imageUrl) ? MediaType.IMAGE_PNG : MediaType.IMAGE_JPEG,
            rel: MediaRel.COVER,
            title: entry.imageAlt ?? null,
            caption: null,
            copyright: null,
          },
        ]
      : [],
    locations: [],
    categoryLabels: [],
    durationMinutesFrom: Math.round(hours * 60),
    durationMinutesTo: Math.round(hours * 60),
    commentary: [],
  }
}

export function toProduct(entry: CatalogueEntry, capabilities: Capabilities): Product {
  const price = unitPrice(entry)
  const option: Option = {
    id: OPTION_ID,
    default: true,
    internalName: entry.title,
    reference: null,
    availabilityLocalStartTimes: usualStartTimes(entry),
    cancellationCutoff: '0 hours',
    cancellationCutoffAmount: 0,
    cancellationCutoffUnit: DurationUnit.HOUR,
    requiredContactFields: [ContactField.FIRST_NAME, ContactField.LAST_NAME],
    restrictions: {minUnits: entry.rules.minPax, maxUnits: entry.rules.maxPax},
    units: units(entry, capabilities),
    ...(capabilities.pricing && price ? {pricingFrom: [price]} : {}),
    ...(capabilities.content ? content(entry) : {}),
  }
  return {
    id: entry._id,
    internalName: entry.title,
    reference: entry.slug,
    locale: 'en-GB',
    timeZone: OCTO_TIME_ZONE,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: AvailabilityType.START_TIME,
    // The voucher is the booking's reference as a QR code; the guide's manifest is what admits travellers.
    deliveryFormats: [DeliveryFormat.QRCODE],
    deliveryMethods: [DeliveryMethod.VOUCHER],
    redemptionMethod: RedemptionMethod.MANIFEST,
    options: [option],
    ...(capabilities.pricing
      ? {
          defaultCurrency: CURRENCY,
          availableCurrencies: [CURRENCY],
          pricingPer: 'UNIT' as Product['pricingPer'],
        }
      : {}),
    ...(capabilities.content ? content(entry) : {}),
  }
}
