/** Site settings and page copy (singletons: `siteSettings`, `homePage`, `aboutPage`, `pageCopy`). */
import {
  DEFAULT_CANCELLATION_TEXT,
  DEFAULT_REPLY_PROMISE,
  REASSURANCE_TEXT,
} from '@repo/schemas/content-rules.ts'
import {DEFAULT_ACCEPTED_PROPOSAL_STATUS} from '@repo/schemas/request-decisions.ts'

import {storyId, testimonialId} from './document-ids.ts'
import {image, keyed, portableText, ref} from './sanity-values.ts'

const steps = (items: {title: string; text: string}[], prefix: string) =>
  keyed(
    items.map((item) => ({_type: 'step', ...item})),
    prefix,
  )

export function siteSettingsDocument() {
  const siteName = 'Cape Curated'
  const email = 'hello@capecurated.co.za'
  return {
    _id: 'siteSettings',
    _type: 'siteSettings',
    siteName,
    tagline: 'Guided local experiences in Cape Town and the Western Cape',
    description:
      'Small-group hikes, wine tours, food walks, jazz nights and bespoke trips in Cape Town, planned and guided by locals.',
    email,
    phone: '+27 21 555 0142',
    whatsapp: '27825550142',
    address: 'Bree Street, Cape Town City Centre, 8001',
    officeHours: 'Monday to Saturday, 08:00–18:00 (SAST)',
    replyPromise: DEFAULT_REPLY_PROMISE,
    reassuranceText: REASSURANCE_TEXT,
    defaultCancellationText: DEFAULT_CANCELLATION_TEXT,
    newsletterHeading: 'Cape Town, once a month',
    newsletterText:
      'New experiences, the best time to visit, and what locals are doing this season. One email a month, no spam.',
    newsletterConsentLabel:
      'Yes, send me the Cape Curated newsletter. I can unsubscribe at any time.',
    newsletterButtonLabel: 'Sign me up',
    newsletterSuccessMessage: 'Thanks — you’re on the list.',
    bookButtonLabel: 'Book Experience',
    footerBlurb:
      'Cape Curated is a small Cape Town team of guides and planners. We work with local people and family businesses, and we confirm every booking by email.',
    socialLinks: keyed(
      [
        {platform: 'Instagram', url: 'https://www.instagram.com/capecurated'},
        {platform: 'Facebook', url: 'https://www.facebook.com/capecurated'},
        {platform: 'Tripadvisor', url: 'https://www.tripadvisor.com/capecurated'},
      ].map((link) => ({_type: 'socialLink', ...link})),
      'social',
    ),
    // The brand in every mail is the brand on the site.
    mailFromName: siteName,
    mailFromAddress: email,
    mailSignature: `Warm wishes from Cape Town,\nThe ${siteName} team\n+27 21 555 0142 · ${email}`,
    acceptedProposalStatus: DEFAULT_ACCEPTED_PROPOSAL_STATUS,
    responseTargetHours: 4,
    reminderHoursBefore: 48,
    waitlistHoldHours: 24,
    reviewRequestDaysAfter: 1,
    workingHours: {days: [1, 2, 3, 4, 5], start: '08:00', end: '17:00'},
  }
}

export function homePageDocument() {
  return {
    _id: 'homePage',
    _type: 'homePage',
    heroOverline: 'Cape Town & the Western Cape',
    heroHeading: 'See Cape Town with the people who call it home',
    heroText:
      'Small-group hikes, wine days, food walks and jazz nights, guided by locals. Send a request in two minutes: no payment now, we confirm by email.',
    heroPrimaryLabel: 'Explore experiences',
    heroSecondaryLabel: 'Plan a bespoke trip',
    heroImage: image(
      'home-hero',
      'Table Mountain and Lion’s Head across Table Bay at sunset, seen from Bloubergstrand',
    ),
    quickSearchHeading: 'When are you visiting?',
    quickSearchButtonLabel: 'Find Options',
    featuredHeading: 'Featured experiences',
    featuredText:
      'Our most-loved days and evenings out, each run in small groups by a guide we know personally.',
    itineraryHeading: 'A week in Cape Town, planned for you',
    itineraryText:
      'See how we put a bespoke trip together: seven days of mountain, wine, ocean and music, at a pace that leaves room to breathe.',
    itineraryLinkLabel: 'View the sample 7-day itinerary',
    storiesHeading: 'Local stories',
    storiesText: 'The places, people and rhythms behind our experiences, written by our guides.',
    featuredStories: keyed(
      ['woodstock-art-studios', 'old-biscuit-mill', 'cape-jazz-scene'].map((slug) =>
        ref(storyId(slug)),
      ),
      'home-story',
    ),
    storiesLinkLabel: 'Read more stories',
    testimonialsHeading: 'What travellers say',
    testimonials: keyed(
      [1, 2, 3].map((position) => ref(testimonialId(position))),
      'home-testimonial',
    ),
    howItWorksHeading: 'How it works',
    howItWorksSteps: steps(
      [
        {
          title: 'Pick or request',
          text: 'Choose an experience and a date, or tell us about the trip you have in mind.',
        },
        {
          title: 'We confirm',
          text: 'A real person checks availability with your guide and emails you. No payment to request.',
        },
        {
          title: 'Enjoy',
          text: 'Meet your guide and enjoy Cape Town. We are a WhatsApp message away if you need anything.',
        },
      ],
      'how-it-works',
    ),
  }
}

export function aboutPageDocument() {
  return {
    _id: 'aboutPage',
    _type: 'aboutPage',
    overline: 'Our Story',
    heading: 'Local people, small groups, honest planning',
    intro:
      'Cape Curated began with a few guides who were tired of rushed, crowded tours. We wanted to show visitors the Cape we love, the way we would show a friend.',
    image: image(
      'about-guides',
      'Three guides on a hilltop looking across the sea to Table Mountain at dawn',
    ),
    philosophyHeading: 'Our philosophy',
    philosophy: portableText(
      `We keep groups small, because a guide who can talk to everyone in the group makes a better day for all of them, and because small groups are welcome in places big ones are not: a family kitchen in the Bo-Kaap, a neighbourhood jazz venue, a cellar where the winemaker still pours.

We work with local people and pay them fairly. Most of our guides grew up in the neighbourhoods they show you, and the hosts, musicians and cooks you meet are partners, not suppliers.

We plan honestly. A booking request is only a request: we check every date with the people involved and confirm by email before anything is paid. If the weather turns on the mountain or the sea, we move your day or refund it.

- Small groups, capped for every experience
- Local guides and family businesses
- No payment to request, and clear cancellation terms`,
      'about-philosophy',
    ),
    partnersHeading: 'Who we work with',
    partnerTypes: steps(
      [
        {
          title: 'Registered guides',
          text: 'Mountain, city and nature guides registered with the Western Cape tourism authorities, with first-aid training.',
        },
        {
          title: 'Family kitchens and cooks',
          text: 'Home cooks in the Bo-Kaap and the townships who share their recipes and their tables.',
        },
        {
          title: 'Wine estates',
          text: 'Historic estates and small family cellars across Stellenbosch, Franschhoek and Constantia.',
        },
        {
          title: 'Musicians and venues',
          text: 'Jazz players and the community venues that have kept Cape jazz alive for decades.',
        },
        {
          title: 'Drivers and skippers',
          text: 'Licensed drivers and skippers who know the roads, the weather and the sea.',
        },
      ],
      'about-partners',
    ),
    ctaHeading: 'Ready to explore?',
    ctaText: 'Browse our experiences, or tell us about your trip and we will plan it with you.',
    ctaLabel: 'See all experiences',
  }
}

export function pageCopyDocument() {
  return {
    _id: 'pageCopy',
    _type: 'pageCopy',
    experiencesHero: {
      _type: 'pageHero',
      overline: 'Experiences',
      heading: 'Guided experiences in Cape Town',
      intro:
        'Hikes, wine, food, music, history and the sea, in small groups with local guides. Or ask us to plan the whole trip.',
    },
    experiencesWizardToggleLabel: 'Request a booking',
    storiesHero: {
      _type: 'pageHero',
      overline: 'Local Stories',
      heading: 'Stories from the Cape',
      intro:
        'Our guides write about the places and people behind the experiences: art, markets, music, mountains and the sea.',
    },
    storiesCtaHeading: 'Seen something you would like to do?',
    storiesCtaLabel: 'Explore experiences',
    questionnaireHero: {
      _type: 'pageHero',
      overline: 'Bespoke trips',
      heading: 'Plan Your Perfect Trip',
      intro:
        'Tell us about your trip and a planner will reply with ideas and questions. It takes about five minutes.',
    },
    questionnaireSubmitLabel: 'Send my request',
    questionnaireSuccessToast:
      'Your personalised itinerary request has been submitted. We’ll be in touch soon!',
    bookingHeading: 'Request your booking',
    bookingIntro:
      'Tell us who is coming. We check availability with your guide and confirm by email.',
    bookingSuccessHeading: 'Booking request submitted successfully!',
    bookingSuccessText:
      'Your reference is below. Keep it handy: we will use it in every email about this booking.',
    thankYouHeading: 'Thank you — we’re on it',
    thankYouNextSteps: steps(
      [
        {
          title: 'We check',
          text: 'A planner checks your date, group and notes with the guide, and asks if anything is unclear.',
        },
        {
          title: 'We confirm',
          text: 'We email you to confirm your place, or offer the nearest dates that work. Your email has a link to follow your request.',
        },
        {
          title: 'You get ready',
          text: 'Before the day we send the meeting point and what to bring. Nothing is paid until your place is confirmed.',
        },
      ],
      'thank-you-steps',
    ),
    notFoundHeading: 'Oops! Page not found',
    notFoundText:
      'The page you were looking for has moved or never existed. Let’s get you back on the trail.',
  }
}
