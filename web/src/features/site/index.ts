// The site feature's public face: what the other features use (docs/decisions/181).
export {siteSettingsQueryOptions} from './api/get-site-settings'
export type {ThankYouState} from './thank-you-state'
