/** What a form that leads to /thank-you passes on (router state): its success toast and the request's reference. */
export type ThankYouState = {notice?: string; reference?: string} | null
