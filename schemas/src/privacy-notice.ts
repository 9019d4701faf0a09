/**
 * The privacy notice, and what a request keeps of it and of the consent boxes (consent-texts.ts). Editors own the
 * notice (the studio's `privacyNotice` singleton) and the newsletter's box (site settings); the booking form's boxes
 * are in consent-texts.ts. A version is a content hash of all of them as published (functions/lib/consent-record.ts),
 * so a published change is a new version without anyone having to remember to number it
 * (docs/decisions/100-consent-versions-by-content-hash.md).
 */
import type {ConsentCheckboxKey} from './consent-texts.ts'

export const PRIVACY_NOTICE_ID = 'privacyNotice'
export const PRIVACY_NOTICE_TYPE = 'privacyNotice'

/** One purpose of processing, as the notice states it. */
export type PrivacyPurpose = {title: string; text: string}

/** The published notice's fields that make its version (and that the privacy page shows). */
export type PrivacyNoticeContent = {
  informationOfficerName: string
  informationOfficerEmail: string
  informationOfficerPhone: string
  intro: string
  purposes: PrivacyPurpose[]
  rights: string
  /** The responsible party's registered name and address (POPIA s18(1)(b)). */
  legalName: string
  address: string
  /** Which details are required, which are optional, and what happens without them (s18(1)(d)–(e)). */
  requiredDetails: string
  /** Who else processes the information for us: hosting, mail (operators, s20–21). */
  processors: string
  /** Whether information goes abroad, and how it stays protected there (s72). */
  transfers: string
  /** The Information Regulator's contact details, where a person may complain (s18(1)(h)). */
  regulator: string
  /** The notice's own version and the date it took effect (`yyyy-MM-dd`), as the editors set them. */
  noticeVersion: string
  noticeDate: string
}

/** The notice's plain-text fields (all but the purposes and the optional phone). */
type NoticeText = Exclude<keyof PrivacyNoticeContent, 'purposes'>

/** The page's text while no notice is published: the company's own, never an empty notice. */
export const DEFAULT_PRIVACY_NOTICE: PrivacyNoticeContent = {
  informationOfficerName: 'The information officer',
  informationOfficerEmail: 'privacy@example.com',
  informationOfficerPhone: '',
  intro:
    'We only ask for what we need to plan your experience: your name, email address and, if you choose, your phone number, country, pick-up location and notes.',
  purposes: [
    {
      title: 'Your requests',
      text: 'We use a booking or trip request to check availability, reply to you by email and run your experience.',
    },
    {
      title: 'Our newsletter',
      text: 'We send the newsletter only to addresses that confirmed they want it; every issue has a one-click unsubscribe.',
    },
  ],
  rights:
    'Under South Africa’s POPIA and the UK and EU GDPR you may ask to see, correct or delete your details, and you may complain to the Information Regulator.',
  legalName: 'The company named in our site’s footer',
  address: 'Cape Town, South Africa',
  requiredDetails:
    'To answer a booking or trip request we need your name and email address; everything else on the forms is optional. Without them we cannot reply to you or hold a place for you.',
  processors:
    'Our hosting provider runs the site and stores the information, and our mail provider delivers our emails. They act only on our instructions.',
  transfers:
    'Where a provider keeps information outside South Africa, we use it only where the law there, or our contract with it, protects your information as POPIA does.',
  regulator:
    'Information Regulator (South Africa), JD House, 27 Stiemens Street, Braamfontein, Johannesburg 2001. Complaints: POPIAComplaints@inforegulator.org.za. Website: inforegulator.org.za.',
  noticeVersion: '1',
  noticeDate: '',
}

/** The notice's fields over the defaults: a field left empty in the studio reads as the default's. */
export function privacyNoticeOf(
  published: Partial<Record<keyof PrivacyNoticeContent, unknown>> | null | undefined,
): PrivacyNoticeContent {
  const text = (key: NoticeText) => {
    const value = published?.[key]
    return typeof value === 'string' && value.trim() !== ''
      ? value.trim()
      : DEFAULT_PRIVACY_NOTICE[key]
  }
  const purposes = Array.isArray(published?.purposes)
    ? (published.purposes as unknown[]).flatMap((entry) => {
        const {title, text: body} = (entry ?? {}) as {title?: unknown; text?: unknown}
        return typeof title === 'string' && typeof body === 'string'
          ? [{title: title.trim(), text: body.trim()}]
          : []
      })
    : []
  return {
    informationOfficerName: text('informationOfficerName'),
    informationOfficerEmail: text('informationOfficerEmail'),
    informationOfficerPhone: published?.informationOfficerPhone
      ? text('informationOfficerPhone')
      : '',
    intro: text('intro'),
    purposes: purposes.length > 0 ? purposes : DEFAULT_PRIVACY_NOTICE.purposes,
    rights: text('rights'),
    legalName: text('legalName'),
    address: text('address'),
    requiredDetails: text('requiredDetails'),
    processors: text('processors'),
    transfers: text('transfers'),
    regulator: text('regulator'),
    noticeVersion: text('noticeVersion'),
    noticeDate: text('noticeDate'),
  }
}

/** What a request keeps of the consent given: the version in force and each box's words, and when. */
export type ConsentRecord = {
  version: string
  agreed_at: string
  checkboxes: {_key: string; key: ConsentCheckboxKey; text: string}[]
}

/** The retention periods as the public privacy endpoint answers them (`GET /api/privacy-notice`). */
export type PublicPrivacyNotice = {
  version: string
  notice: PrivacyNoticeContent
  retention: {label: string; period: string}[]
}

/** How long each kind of personal information is kept, in the words the privacy page uses. */
export function retentionStatements(periods: {
  requestMonthsAfterTrip: number
  closedRequestMonthsAfterDecision: number
  unconfirmedLeadDays: number
  unconfirmedSignupDays: number
}): {label: string; period: string}[] {
  const months = (n: number) => (n === 1 ? '1 month' : `${n} months`)
  const days = (n: number) => (n === 1 ? '1 day' : `${n} days`)
  return [
    {
      label: 'Booking requests',
      period: `${months(periods.requestMonthsAfterTrip)} after the trip date`,
    },
    {
      label: 'Declined or withdrawn requests',
      period: `${months(periods.closedRequestMonthsAfterDecision)} after the decision`,
    },
    {
      label: 'Trip-planning requests nobody followed up',
      period: `${days(periods.unconfirmedLeadDays)} after they arrive`,
    },
    {
      label: 'Newsletter sign-ups never confirmed',
      period: `${days(periods.unconfirmedSignupDays)} after the sign-up`,
    },
    {label: 'Newsletter subscribers', period: 'Until you unsubscribe'},
    {label: 'Places on a waitlist', period: 'Until you leave it or the departure has passed'},
  ]
}
