import type {SanityClient} from '@sanity/client'

/** The team's settings: one document in the `bookings` dataset, written by an owner. */
export const STAFF_SETTINGS_ID = 'staffSettings.team'

export type StaffSettingsDocument = {
  _id: string
  _type: 'staffSettings'
  requireSecondStep?: boolean
}

/** Whether an owner requires a second step for everyone. Read by id: a lookup, not a scan of the dataset. */
export async function teamRequiresSecondStep(client: SanityClient): Promise<boolean> {
  const settings = await client.getDocument<StaffSettingsDocument>(STAFF_SETTINGS_ID)
  return settings?.requireSecondStep === true
}
