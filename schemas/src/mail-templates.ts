/**
 * The mails the business sends (docs/decisions/019-editors-own-the-mail-texts.md), as templates editors write in the
 * studio: a subject and a body with named placeholders in braces (`{name}`, `{date}`). The same rules run in the
 * studio's validation, in the staff's mail preview and in the functions that queue each mail, so a template an editor
 * could publish is a template the functions can fill.
 *
 * A body is plain text: paragraphs separated by a blank line. A placeholder standing alone in its paragraph and
 * filled with a list or with rows ({options}, {details}, {requests}) becomes a list or a table in the HTML part;
 * `{requestLink}` becomes a link. Everything an editor or a traveller typed is escaped.
 */

import {hasInvisibleCharacters} from './safe-text.ts'

export type MailTemplateKind = (typeof MAIL_TEMPLATE_KINDS)[number]['kind']

/** One value to fill a placeholder with. */
export type PlaceholderValue = string | {list: string[]} | {rows: [label: string, value: string][]}

export type PlaceholderValues = Partial<Record<Placeholder, PlaceholderValue>>

export type MailTemplate = {subject: string; body: string}

/** What every placeholder means, for the studio's help text and the sample preview. */
export const PLACEHOLDERS = {
  name: {description: 'The traveller’s name', sample: 'Thandi Mokoena'},
  reference: {description: 'The request’s reference', sample: 'CTX-7KQ2MD'},
  experience: {description: 'The experience’s title', sample: 'Lion’s Head Sunrise Hike'},
  date: {description: 'The trip date in words', sample: 'Wednesday 16 December 2026'},
  time: {description: 'The preferred time, or “Any time”', sample: 'Morning (07:00)'},
  group: {description: 'The group in words', sample: '2 adults, 1 child'},
  requestLink: {
    description: 'The traveller’s private link to their request',
    sample: 'https://example.com/requests/…',
  },
  company: {description: 'The company’s name from site settings', sample: 'Cape Curated'},
  replyPromise: {
    description: 'When we reply, from site settings (the same words as on the site)',
    sample: 'We reply by email within one working day.',
  },
  reason: {
    description: 'Why staff declined',
    sample: 'The mountain is closed for a trail race that morning.',
  },
  message: {description: 'What staff wrote', sample: 'Would an earlier start at 06:30 suit you?'},
  options: {
    description: 'The dates staff propose, as a list',
    sample: {list: ['Thursday 17 December 2026, Morning (07:00)', 'Saturday 19 December 2026']},
  },
  acceptedDate: {
    description: 'The date the traveller accepted, in words',
    sample: 'Saturday 19 December 2026',
  },
  details: {
    description: 'Every detail of the request, as a table',
    sample: {
      rows: [
        ['Reference', 'CTX-7KQ2MD'],
        ['Experience', 'Lion’s Head Sunrise Hike'],
      ],
    },
  },
  meetingDetails: {
    description: 'When the trip starts and where to meet (with a map link), as a table',
    sample: {
      rows: [
        ['Starts', 'Saturday 19 December 2026, 17:30 SAST'],
        ['Meeting point', 'Lion’s Head trailhead parking, Signal Hill Road, Cape Town'],
        ['Map', 'https://www.google.com/maps/search/?api=1&query=-33.9353%2C18.3894'],
      ],
    },
  },
  whatToBring: {
    description: 'What to bring, from the experience, as a list',
    sample: {list: ['Good walking shoes', 'A warm layer for the summit']},
  },
  contact: {
    description:
      'How to reach the team on the day (phone, WhatsApp), from site settings, as a table',
    sample: {
      rows: [
        ['Phone', '+27 21 555 0142'],
        ['WhatsApp', 'https://wa.me/27825550142'],
      ],
    },
  },
  email: {description: 'The email address given', sample: 'thandi@example.com'},
  count: {description: 'How many requests are listed, in words', sample: '2 requests'},
  requests: {
    description: 'The requests waiting for an answer, as a list',
    sample: {
      list: ['CTX-7KQ2MD, Thandi Mokoena: Lion’s Head Sunrise Hike, received 6 working hours ago'],
    },
  },
  departures: {
    description:
      'Departures in the next 48 hours with confirmed travellers and no guide, as a list',
    sample: {list: ['Sunset Cruise on Friday 4 December 2026: 6 confirmed travellers, no guide']},
  },
  dashboardLink: {description: 'The staff dashboard', sample: 'https://example.com/admin/bookings'},
  offerLink: {
    description: 'The private link that takes the waitlist offer',
    sample: 'https://example.com/waitlist/offers/…',
  },
  leaveLink: {
    description: 'The private link that takes the traveller off the waitlist',
    sample: 'https://example.com/waitlist/leave/…',
  },
  holdUntil: {
    description: 'When the offer stops holding the places, in words, Cape Town time',
    sample: 'Thursday 17 December 2026 at 09:30',
  },
  confirmLink: {
    description: 'The link that confirms a newsletter sign-up',
    sample: 'https://example.com/newsletter/confirm?token=…',
  },
  unsubscribeLink: {
    description: 'The one-click link that leaves the newsletter',
    sample: 'https://example.com/unsubscribe?token=…',
  },
  reviewLink: {
    description: 'The traveller’s private link to the review form',
    sample: 'https://example.com/reviews/…',
  },
  privacyRequest: {
    description: 'What the person asked for about their information, in words',
    sample: 'A copy of my information',
  },
  privacyConfirmLink: {
    description: 'The single-use link that confirms a request about one’s information',
    sample: 'https://example.com/privacy/requests/confirm/…',
  },
  confirmWithin: {
    description: 'How long the confirmation link works, in words',
    sample: '24 hours',
  },
  corrected: {
    description: 'What was corrected and what it says now, as a table',
    sample: {rows: [['Phone number', '+27 82 555 0199']]},
  },
} as const satisfies Record<string, {description: string; sample: PlaceholderValue}>

export type Placeholder = keyof typeof PLACEHOLDERS

const TRIP = [
  'name',
  'reference',
  'experience',
  'date',
  'time',
  'group',
  'requestLink',
  'company',
  'replyPromise',
] as const

/**
 * The trip's placeholders without the traveller's name: for the mails that go to an address nobody has confirmed
 * (the acknowledgement of a request, a new link to it). Whoever sends the form chooses that address, so these
 * mails carry only what the business controls (experience, date, time slot, group, reference, the link), never
 * text the sender typed: a request form must not become a way to mail anyone words of one's own
 * (docs/decisions/045-mail-to-unconfirmed-addresses.md). Staff's decisions quote the name: a person has read
 * the request before they are sent.
 */
const UNCONFIRMED_TRIP = TRIP.filter((name) => name !== 'name')

/**
 * Every mail, who receives it, the placeholders it may use, and the text it starts with (the seed's, and the
 * functions' fallback while a template is missing: a mail is never held back for want of copy).
 */
export const MAIL_TEMPLATE_KINDS = [
  {
    kind: 'acknowledgement',
    title: 'Request received (to the traveller)',
    to: 'traveller',
    placeholders: UNCONFIRMED_TRIP,
    subject: 'We have your request {reference}: {experience}',
    body: `Hello,

Thank you for your request to join {experience} on {date}. Your reference is {reference}.

Group: {group}
Preferred time: {time}

No payment is required at this stage. We check availability with our guides. {replyPromise}

You can see your request, our replies and change your mind at any time here:

{requestLink}`,
  },
  {
    kind: 'confirmation',
    title: 'Confirmed (to the traveller)',
    to: 'traveller',
    placeholders: [...TRIP, 'message', 'meetingDetails'],
    subject: 'Confirmed: {experience} on {date}',
    body: `Dear {name},

Good news: your place on {experience} on {date} is confirmed (reference {reference}).

Group: {group}
Time: {time}

{meetingDetails}

{message}

The invitation attached to this mail puts the trip in your calendar. Your request stays here:

{requestLink}`,
  },
  {
    kind: 'decline',
    title: 'Declined (to the traveller)',
    to: 'traveller',
    placeholders: [...TRIP, 'reason'],
    subject: 'About your request {reference}: {experience}',
    body: `Dear {name},

Thank you for asking us about {experience} on {date}. We are sorry that we cannot offer it this time.

{reason}

We would be glad to help with another date or another experience: just reply to this email.

{requestLink}`,
  },
  {
    kind: 'reminder',
    title: 'Reminder before the trip (to the traveller)',
    to: 'traveller',
    placeholders: [...TRIP, 'meetingDetails', 'whatToBring', 'contact'],
    subject: 'See you soon: {experience} on {date}',
    body: `Dear {name},

Your trip is coming up: {experience} on {date} (reference {reference}, group {group}).

{meetingDetails}

What to bring:

{whatToBring}

If you are running late or need us on the day:

{contact}

Your booking is here:

{requestLink}`,
  },
  {
    kind: 'reviewRequest',
    title: 'Review request after the trip (to the traveller)',
    to: 'traveller',
    placeholders: ['name', 'experience', 'date', 'reviewLink', 'company'],
    subject: 'How was {experience}?',
    body: `Dear {name},

Thank you for joining us on {experience} on {date}. We hope you enjoyed it.

Would you tell other travellers how it was? It takes two minutes: a rating, a few words and the name to show.

{reviewLink}

We publish your review only with your consent, and never your email address.`,
  },
  {
    kind: 'cancelled',
    title: 'A confirmed trip cancelled by the traveller (to the traveller)',
    to: 'traveller',
    placeholders: TRIP,
    subject: 'Cancelled: {experience} on {date}',
    body: `Dear {name},

As you asked, your booking {reference} for {experience} on {date} is cancelled, and we have let the team know.

The invitation attached to this mail takes the trip out of your calendar. Your request stays here:

{requestLink}`,
  },
  {
    kind: 'bookingCancelled',
    title: 'A confirmed trip cancelled or declined by the team (to the traveller)',
    to: 'traveller',
    placeholders: TRIP,
    subject: 'Cancelled: {experience} on {date}',
    body: `Dear {name},

We are sorry: your booking {reference} for {experience} on {date} is cancelled. We will be in touch if we can offer you another date; you can also reply to this email.

The invitation attached to this mail takes the trip out of your calendar. Your request stays here:

{requestLink}`,
  },
  {
    kind: 'departureCancelled',
    title: 'A departure cancelled for the weather or conditions (to each traveller on it)',
    to: 'traveller',
    placeholders: [...TRIP, 'reason', 'options'],
    subject: 'Cancelled: {experience} on {date}',
    body: `Dear {name},

We are sorry: we have had to cancel {experience} on {date} (reference {reference}).

{reason}

We can take your group on one of these dates instead:

{options}

Open your request page to move your booking to one of them with one click, or to accept the cancellation. The page shows which dates still have places:

{requestLink}

If you were confirmed, the invitation attached to this mail takes the trip out of your calendar; choosing a new date puts it back.`,
  },
  {
    kind: 'proposal',
    title: 'Other dates proposed (to the traveller)',
    to: 'traveller',
    placeholders: [...TRIP, 'options', 'message'],
    subject: 'Other dates for {experience} ({reference})',
    body: `Dear {name},

We cannot offer {experience} on {date}, but we can offer:

{options}

{message}

Choose the one that suits you on your request page and we will hold it for you:

{requestLink}`,
  },
  {
    kind: 'question',
    title: 'A question from the team (to the traveller)',
    to: 'traveller',
    placeholders: [...TRIP, 'message'],
    subject: 'A question about your request {reference}',
    body: `Dear {name},

Thank you for your request for {experience} on {date}. Before we confirm, we have a question:

{message}

Just reply to this email. Your request is here:

{requestLink}`,
  },
  {
    kind: 'requestLink',
    title: 'A new link to a request (to the traveller)',
    to: 'traveller',
    placeholders: UNCONFIRMED_TRIP,
    subject: 'Your link to request {reference}',
    body: `Hello,

Here is a new link to your request {reference} for {experience} on {date}:

{requestLink}

If you did not ask for it, you can ignore this email.`,
  },
  {
    kind: 'teamNewBooking',
    title: 'New booking request (to the team)',
    to: 'team',
    placeholders: [...TRIP, 'details', 'email'],
    subject: 'New booking request {reference}: {experience}, {date}',
    body: `A new booking request arrived.

{details}`,
  },
  {
    kind: 'teamAccepted',
    title: 'Traveller accepted a proposed date (to the team)',
    to: 'team',
    placeholders: [...TRIP, 'acceptedDate', 'email'],
    subject: '{name} accepted {acceptedDate} ({reference})',
    body: `{name} accepted {acceptedDate} for {experience} (reference {reference}, group {group}).

The booking now has the new date.`,
  },
  {
    kind: 'teamWithdrawn',
    title: 'Traveller withdrew a request (to the team)',
    to: 'team',
    placeholders: [...TRIP, 'email'],
    subject: 'Withdrawn: {reference}, {experience}, {date}',
    body: `{name} withdrew the request {reference} for {experience} on {date} (group {group}).

The request is closed; nothing more is needed.`,
  },
  {
    kind: 'teamDigest',
    title: 'Daily list of waiting requests (to the team)',
    to: 'team',
    placeholders: ['count', 'requests', 'departures', 'dashboardLink', 'company'],
    subject: '{count} waiting for an answer',
    body: `These requests have waited longer than they should for an answer:

{requests}

Departures in the next 48 hours with confirmed travellers and no guide:

{departures}

{dashboardLink}`,
  },
  {
    kind: 'teamItinerary',
    title: 'New bespoke itinerary request (to the team)',
    to: 'team',
    placeholders: ['name', 'email', 'reference', 'details', 'company'],
    subject: 'New itinerary request {reference} from {name}',
    body: `A new bespoke itinerary request arrived.

{details}`,
  },
  {
    kind: 'waitlistJoined',
    title: 'Joined the waitlist (to the traveller)',
    to: 'traveller',
    placeholders: ['experience', 'date', 'time', 'group', 'company', 'leaveLink'],
    subject: 'You are on the waitlist: {experience} on {date}',
    body: `Hello,

You are on the waitlist for {experience} on {date} (time: {time}, group: {group}).

When places free up for your group, we write to you with a link that holds them for you for a while. Nothing is booked until you take it.

To leave the waitlist:

{leaveLink}`,
  },
  {
    kind: 'waitlistOffer',
    title: 'Places free from the waitlist (to the traveller)',
    to: 'traveller',
    placeholders: [
      'experience',
      'date',
      'time',
      'group',
      'company',
      'offerLink',
      'holdUntil',
      'leaveLink',
    ],
    subject: 'Places for you: {experience} on {date}',
    body: `Hello,

Places have freed up on {experience} on {date} (time: {time}, group: {group}). We are holding them for you until {holdUntil}.

To ask for them, open this link and confirm; it becomes a booking request, as if you had sent it from our site:

{offerLink}

If you no longer want them, do nothing: after that time they go to the next person in line. To leave the waitlist now:

{leaveLink}`,
  },
  {
    kind: 'waitlistDepartureCancelled',
    title:
      'A departure on the waitlist cancelled for the weather or conditions (to each person waiting)',
    to: 'traveller',
    placeholders: ['experience', 'date', 'time', 'group', 'company', 'reason', 'options'],
    subject: 'Cancelled: {experience} on {date}',
    body: `Hello,

We are sorry: we have had to cancel {experience} on {date}, for which you were on the waitlist (time: {time}, group: {group}). Nobody will be offered places on it, and your place on its waitlist has ended.

{reason}

These dates had places when we wrote:

{options}

You are welcome to ask for one of them on our site.`,
  },
  {
    kind: 'teamNewsletter',
    title: 'New newsletter sign-up (to the team)',
    to: 'team',
    placeholders: ['name', 'email', 'details', 'company'],
    subject: 'New newsletter sign-up: {email}',
    body: `Someone joined the newsletter.

{details}`,
  },
  {
    kind: 'newsletterConfirm',
    title: 'Confirm a newsletter sign-up (to the address given)',
    to: 'traveller',
    // Sent to an address nobody has confirmed yet: only what the business wrote, never the name typed.
    placeholders: ['confirmLink', 'company'],
    subject: 'Please confirm your newsletter sign-up',
    body: `Hello,

Someone asked for {company}’s newsletter to be sent to this address. If it was you, confirm here:

{confirmLink}

If it was not you, ignore this email: you will not hear from us again, and we remove the address within a week.`,
  },
  {
    kind: 'newsletterWelcome',
    title: 'Newsletter sign-up confirmed (to the subscriber)',
    to: 'traveller',
    placeholders: ['name', 'unsubscribeLink', 'company'],
    subject: 'You’re subscribed to {company}’s newsletter',
    body: `Hello {name},

Thank you for confirming. We send local tips about once a month.

You can leave at any time, with one click: {unsubscribeLink}`,
  },
  {
    kind: 'privacyConfirm',
    title: 'Confirm a request about one’s information (to the address given)',
    to: 'traveller',
    // Sent to an address nobody has confirmed yet: only what the business wrote (docs/decisions/125-privacy-mails-as-templates.md).
    placeholders: ['privacyRequest', 'privacyConfirmLink', 'confirmWithin', 'company'],
    subject: 'Confirm your request about your information',
    body: `Hello,

Someone asked us for “{privacyRequest}” for this email address. If it was you, confirm it here within {confirmWithin}:

{privacyConfirmLink}

If it was not you, ignore this mail: nothing happens, and nothing about you was shown to anyone.`,
  },
  {
    kind: 'privacyErasureDone',
    title: 'Information deleted (to the address deleted)',
    to: 'traveller',
    // The last mail to the address: the outbox forgets it once sent (docs/decisions/112-requests-carried-out-are-confirmed-by-mail.md).
    placeholders: ['company'],
    subject: 'We have deleted your information',
    body: `Hello,

As you asked and confirmed, we have deleted everything {company} held about this email address: your requests and trip details, the mails we sent you, and any newsletter subscription, waitlist place or review. The trips themselves stay in our records without anything that says who you are.

This is the last mail we send to this address, and we keep no copy of it.`,
  },
  {
    kind: 'privacyCorrectionDone',
    title: 'Information corrected (to the traveller)',
    to: 'traveller',
    placeholders: ['corrected', 'company'],
    subject: 'We have corrected your information',
    body: `Hello,

As you asked and confirmed, we have corrected what {company} holds about you. It now says:

{corrected}

If anything is still not right, reply to this mail and tell us.`,
  },
  {
    kind: 'bookingChanged',
    title: 'Date or group changed by the team (to the traveller)',
    to: 'traveller',
    placeholders: [...TRIP, 'meetingDetails'],
    subject: 'Changed: {experience} on {date}',
    body: `Dear {name},

As agreed with you, we have changed your booking {reference}. It is now:

{experience} on {date}
Group: {group}
Time: {time}

{meetingDetails}

If you were confirmed, the invitation attached to this mail moves the trip in your calendar. Your request stays here:

{requestLink}`,
  },
  {
    kind: 'departureMessage',
    title: 'A message to everyone on a departure (to each traveller on it)',
    to: 'traveller',
    placeholders: [...TRIP, 'message'],
    subject: 'About your trip: {experience} on {date}',
    body: `Dear {name},

A message from the team about {experience} on {date} (reference {reference}):

{message}

If you have a question, reply to this email. Your request stays here:

{requestLink}`,
  },
] as const satisfies readonly {
  kind: string
  title: string
  to: 'traveller' | 'team'
  placeholders: readonly Placeholder[]
  subject: string
  body: string
}[]

export const MAIL_TEMPLATE_TYPE = 'mailTemplate'

/** One document per mail, with a fixed id, so the functions find each by kind and the studio lists each once. */
export const mailTemplateId = (kind: MailTemplateKind) => `mailTemplate-${kind}`

export const mailTemplateKind = (kind: string) =>
  MAIL_TEMPLATE_KINDS.find((entry) => entry.kind === kind)

export function defaultMailTemplate(kind: MailTemplateKind): MailTemplate {
  const {subject, body} = mailTemplateKind(kind)!
  return {subject, body}
}

export const TEMPLATE_CHARACTERS_MESSAGE =
  'Remove the control or invisible characters (pasted with the text, perhaps): mails carry only what you can see.'

const PLACEHOLDER = /\{([^{}\s]*)\}/g

/** Every `{word}` a text names, in order of appearance. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!)
}

/**
 * What is wrong with a template's text, in words an editor acts on; empty when it can be published. Unknown
 * placeholders (a typo, or one this mail has no value for) would reach travellers as `{nmae}`; a stray brace
 * would too.
 */
export function templateProblems(kind: MailTemplateKind, text: string): string[] {
  const allowed: readonly string[] = mailTemplateKind(kind)?.placeholders ?? []
  const problems: string[] = []
  const unknown = [...new Set(placeholdersIn(text).filter((name) => !allowed.includes(name)))]
  if (unknown.length)
    problems.push(
      `${unknown.map((name) => `{${name}}`).join(', ')} ${unknown.length === 1 ? 'is' : 'are'} not available in this mail. Use ${allowed.map((name) => `{${name}}`).join(', ')}.`,
    )
  if (/[^\P{Cc}\n\r\t]/u.test(text) || hasInvisibleCharacters(text))
    problems.push(TEMPLATE_CHARACTERS_MESSAGE)
  if (/[{}]/.test(text.replace(PLACEHOLDER, '')))
    problems.push(
      'A brace is not closed: write placeholders as {name}, with nothing else in braces.',
    )
  return problems
}

/**
 * The placeholders a mail's text must name: without its link, a mail that asks the reader to confirm something cannot
 * be acted on. Checked on the text (the body), where a link can stand in a paragraph of its own.
 */
export const REQUIRED_PLACEHOLDERS: Partial<Record<MailTemplateKind, readonly Placeholder[]>> = {
  privacyConfirm: ['privacyConfirmLink'],
  // Mails that are there for their link: without it the traveller cannot do what the mail asks.
  requestLink: ['requestLink'],
  reviewRequest: ['reviewLink'],
  waitlistJoined: ['leaveLink'],
  waitlistOffer: ['offerLink'],
  newsletterConfirm: ['confirmLink'],
  // Every mail to a subscriber carries a way out (POPIA s69), in its words as well as its headers.
  newsletterWelcome: ['unsubscribeLink'],
}

/** templateProblems, and the placeholders the mail's text must name (REQUIRED_PLACEHOLDERS). */
export function templateBodyProblems(kind: MailTemplateKind, body: string): string[] {
  const named = placeholdersIn(body)
  const missing = (REQUIRED_PLACEHOLDERS[kind] ?? []).filter((name) => !named.includes(name))
  return [
    ...templateProblems(kind, body),
    ...(missing.length
      ? [
          `The text must include ${missing.map((name) => `{${name}}`).join(', ')}: ${missing.map((name) => PLACEHOLDERS[name].description.toLowerCase()).join('; ')}.`,
        ]
      : []),
  ]
}

/**
 * templateProblems, and the placeholders only the text may name: a required link is single-use, and the functions
 * keep it sealed in the text (never readable where the mail waits), which they cannot do in a subject.
 */
export function templateSubjectProblems(kind: MailTemplateKind, subject: string): string[] {
  const named = placeholdersIn(subject)
  const textOnly = (REQUIRED_PLACEHOLDERS[kind] ?? []).filter((name) => named.includes(name))
  return [
    ...templateProblems(kind, subject),
    ...(textOnly.length
      ? [`${textOnly.map((name) => `{${name}}`).join(', ')} belongs in the text, not the subject.`]
      : []),
  ]
}

/**
 * The values `kind` may show: only its own placeholders. A value the mail has no place for is never filled in,
 * whatever a template says, so the placeholder list is what decides what a mail can quote.
 */
export function placeholderValuesFor(
  kind: MailTemplateKind,
  values: PlaceholderValues,
): PlaceholderValues {
  const allowed: readonly string[] = mailTemplateKind(kind)?.placeholders ?? []
  return Object.fromEntries(
    Object.entries(values).filter(([name]) => allowed.includes(name)),
  ) as PlaceholderValues
}

/**
 * Paragraphs a mail always carries, whatever its stored text says: a confirmation saved before `{meetingDetails}`
 * existed would otherwise never tell the traveller when and where to meet. Added before the paragraph with the
 * request link (where the default text has them), else at the end; a template that names one keeps its place.
 */
export const ALWAYS_INCLUDED: Partial<Record<MailTemplateKind, readonly Placeholder[]>> = {
  confirmation: ['meetingDetails'],
}

function withAlwaysIncluded(kind: MailTemplateKind, template: MailTemplate): MailTemplate {
  const missing = (ALWAYS_INCLUDED[kind] ?? []).filter(
    (name) => !placeholdersIn(template.body).includes(name),
  )
  if (missing.length === 0) return template
  const paragraphs = template.body.replace(/\r\n?/g, '\n').split(/\n{2,}/)
  const at = paragraphs.findIndex((paragraph) => placeholdersIn(paragraph).includes('requestLink'))
  const added = missing.map((name) => `{${name}}`)
  paragraphs.splice(at === -1 ? paragraphs.length : at, 0, ...added)
  return {...template, body: paragraphs.join('\n\n')}
}

/**
 * The editors' template when it could be published as it stands (see templateProblems), else the default text;
 * either way with the paragraphs the mail always carries (ALWAYS_INCLUDED).
 */
export function usableTemplate(
  kind: MailTemplateKind,
  stored: MailTemplate | undefined,
): MailTemplate {
  if (
    stored &&
    templateSubjectProblems(kind, stored.subject).length === 0 &&
    templateBodyProblems(kind, stored.body).length === 0
  )
    return withAlwaysIncluded(kind, stored)
  return defaultMailTemplate(kind)
}

/** The sample values of the studio's preview. */
export const SAMPLE_VALUES: PlaceholderValues = Object.fromEntries(
  Object.entries(PLACEHOLDERS).map(([name, {sample}]) => [name, sample]),
) as PlaceholderValues

/** What the HTML part needs besides the body: the company's name for the title and the signature. */
export type MailBrand = {company: string; signature: string; replyPromise?: string}

export type RenderedMail = {subject: string; text: string; html: string}

/** Controls other than line breaks and tabs: nobody's text, and no template, puts them in a mail. */
const CONTROLS = /[^\P{Cc}\n\t]/gu
const withoutControls = (value: string) => value.replace(CONTROLS, '')

const asText = (value: PlaceholderValue | undefined): string => {
  if (value === undefined) return ''
  if (typeof value === 'string') return withoutControls(value)
  if ('list' in value) return value.list.map((item) => `- ${asText(item)}`).join('\n')
  return value.rows.map(([label, cell]) => `${asText(label)}: ${asText(cell) || '—'}`).join('\n')
}

const oneLine = (value: string) => value.replace(/[\r\n\u0000-\u001f\u007f]+/g, ' ').trim()

export const escapeHtml = (value: string) =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')

const fill = (
  text: string,
  values: PlaceholderValues,
  each: (value: PlaceholderValue | undefined, name: string) => string,
) => text.replace(PLACEHOLDER, (_match, name: string) => each(values[name as Placeholder], name))

/**
 * The only placeholders that become links, and only when the functions filled them with a web address: the
 * traveller's request page and the staff dashboard. Nothing an editor or a traveller types becomes markup.
 */
const LINK_PLACEHOLDERS: ReadonlySet<string> = new Set<Placeholder>([
  'requestLink',
  'dashboardLink',
  'offerLink',
  'leaveLink',
  'reviewLink',
  'privacyConfirmLink',
])
const isWebAddress = (value: string) => /^https?:\/\/[^\s"'<>\\]+$/.test(value)

/**
 * One paragraph as HTML, built piece by piece: the template's own words and every value are escaped where they
 * are written, and the one link a link placeholder makes is written here, so no text can open or close markup.
 */
function htmlInline(paragraph: string, values: PlaceholderValues): string {
  let html = ''
  let from = 0
  for (const match of paragraph.matchAll(PLACEHOLDER)) {
    html += escapeHtml(paragraph.slice(from, match.index))
    const name = match[1]!
    const text = asText(values[name as Placeholder])
    const url = escapeHtml(text)
    html += LINK_PLACEHOLDERS.has(name) && isWebAddress(text) ? `<a href="${url}">${url}</a>` : url
    from = match.index + match[0].length
  }
  return (html + escapeHtml(paragraph.slice(from))).replaceAll('\n', '<br>')
}

function htmlBlock(paragraph: string, values: PlaceholderValues): string {
  const alone = /^\{([^{}\s]+)\}$/.exec(paragraph.trim())
  const value = alone ? values[alone[1] as Placeholder] : undefined
  if (value && typeof value !== 'string') {
    if ('list' in value)
      return `<ul>${value.list.map((item) => `<li>${escapeHtml(asText(item))}</li>`).join('')}</ul>`
    return `<table role="presentation">${value.rows
      .map(
        ([label, cell]) =>
          `<tr><th scope="row" align="left">${escapeHtml(asText(label))}</th><td>${escapeHtml(asText(cell) || '—')}</td></tr>`,
      )
      .join('')}</table>`
  }
  return `<p>${htmlInline(paragraph, values)}</p>`
}

/**
 * Fills a template: the subject on one line, the body as plain text with the signature, and an HTML part with the
 * same words (language, title, paragraphs, lists and tables a screen reader announces).
 */
export function renderMail(
  template: MailTemplate,
  values: PlaceholderValues,
  brand: MailBrand,
): RenderedMail {
  const subject = oneLine(
    fill(withoutControls(template.subject), values, (value) => oneLine(asText(value))),
  )
  const paragraphs = withoutControls(template.body.replace(/\r\n?/g, '\n'))
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
  const signature = brand.signature.trim()
  const textBody = paragraphs
    .map((paragraph) => fill(paragraph, values, asText).trim())
    .filter(Boolean)
  const text = `${[...textBody, ...(signature ? [signature] : [])].join('\n\n')}\n`
  const htmlBody = paragraphs
    .map((paragraph) => htmlBlock(paragraph, values))
    .filter((block) => block !== '<p></p>')
  if (signature) htmlBody.push(`<p>${escapeHtml(signature).replaceAll('\n', '<br>')}</p>`)
  const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${htmlBody.join('')}</body></html>`
  return {subject, text, html}
}
