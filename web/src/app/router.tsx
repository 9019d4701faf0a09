import type {QueryClient} from '@tanstack/react-query'
import type {ComponentType} from 'react'
import {data, redirect, replace, type LoaderFunctionArgs, type RouteObject} from 'react-router-dom'

import {DETAIL_PARAM} from '../features/experiences/detail-param'
import {siteSettingsQueryOptions} from '../features/site/api/get-site-settings'
import type {LinkReadAnswer} from '../lib/private-link-query'
import {RedirectOnly, RootErrorBoundary, RootLayout, RouteLoading} from './root-layout'
import {both, notFound, prefetch} from './route-loaders'
import {NotFoundPage} from './routes/not-found'

/**
 * The query options of each page, imported when a route loads (in parallel with its page chunk, which imports the
 * same module), so the entry every first visit downloads carries the route table but not every page's queries.
 */
const api = {
  aboutPage: () => import('../features/pages/api/get-about-page'),
  experience: () => import('../features/experiences/api/get-experience'),
  experienceSettings: () => import('../features/booking/api/get-experience-settings'),
  experiences: () => import('../features/experiences/api/get-experiences'),
  experienceRatings: () => import('../features/experiences/api/get-experience-ratings'),
  tripFit: () => import('../features/experiences/api/get-trip-fit'),
  home: () => import('../features/home/api/get-home'),
  pageCopy: () => import('../features/pages/api/get-page-copy'),
  privacyNotice: () => import('../features/pages/api/get-privacy-notice'),
  sampleItinerary: () => import('../features/itinerary/api/get-sample-itinerary'),
  stories: () => import('../features/stories/api/get-stories'),
  story: () => import('../features/stories/api/get-story'),
}

/** Each page is its own chunk, so a visitor downloads only the code of the page they open. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType) {
  return async () => ({Component: pick(await load())})
}

/**
 * Names the page module of a route, so the server can preload its chunk (from Vite's manifest) next to the
 * entry instead of the browser discovering it only after the entry has run.
 */
const pageModule = (name: string): PageHandle => ({module: `src/app/routes/${name}.tsx`})

/**
 * A page that is the same for everyone who opens its address (published content only), which a shared cache may
 * keep. Every other page is answered `private, no-store` (server/edge/page-address.ts,
 * docs/decisions/151-one-reading-of-a-page-address.md).
 */
const publicPage = (name: string): PageHandle => ({...pageModule(name), shared: true})

/** What the server and the start-up script (main.tsx) need to know of a page. */
export type PageHandle = {
  /** The page's module (Vite manifest key), preloaded with the entry. */
  module: string
  /** The page is the same for everyone: a shared cache may keep it (`publicPage`). */
  shared?: true
  /** Loads what this address shows beyond the page (an open dialog), before rendering or hydrating it. */
  load?: (url: URL) => Promise<void>
  /** The modules of what this address shows beyond the page, for the server to preload with it. */
  modulesFor?: (url: URL) => string[]
}

/** The listing's detail dialog, its own chunk, when the address opens it (`?exp=`; routes/experiences.tsx). */
const opensDetailDialog = (url: URL) => url.searchParams.has(DETAIL_PARAM)
const listingDetailDialog = {
  load: async (url) => {
    if (opensDetailDialog(url)) await (await import('./routes/experiences')).loadDetailDialog()
  },
  modulesFor: (url) =>
    opensDetailDialog(url) ? ['src/app/routes/experiences-detail-dialog.tsx'] : [],
} satisfies Pick<PageHandle, 'load' | 'modulesFor'>

/** /about-us and /aboutus lead to /about with the query string kept. */
function toAbout({request}: LoaderFunctionArgs) {
  return replace(`/about${new URL(request.url).search}`, 301)
}

/** What only the server can give the routes' loaders. */
export type ServerReaders = {
  /** The traveller's request as the API answers it (server/render-contract.ts). */
  readTravellerRequest?: ((token: string) => Promise<Response>) | undefined
  /** What the review form's link opens, as the API answers it (server/render-contract.ts). */
  readReviewInvitation?: ((token: string) => Promise<Response>) | undefined
  /**
   * What another private link opens, `GET /api/…` as the API answers it (server/render-contract.ts); the booking
   * page's places left on its date too.
   */
  readPrivateLink?: ((apiPath: string) => Promise<Response>) | undefined
  /** A private page's plain form post, handed to `POST /api/…` (server/render-contract.ts). */
  actOnPrivateLink?: ((apiPath: string, body?: unknown) => Promise<Response>) | undefined
}

/**
 * A private link's page answers with the API's status and its `Retry-After`: a refused link's page is a 404, 410…
 * not a 200, and a limited visitor's 429 says when to ask again.
 */
const linkPageStatus = ({status, headers}: LinkReadAnswer) =>
  status === 200 ? null : data(null, {status, headers})

/**
 * Every address is spelt one way, in the case the routes give: `/Requests/…` names no page, as the server's
 * personal-page checks and cache key read the address exactly (server/edge/page-address.ts).
 */
function caseSensitive(routes: RouteObject[]): RouteObject[] {
  return routes.map(
    (route) =>
      ({
        ...route,
        caseSensitive: true,
        ...(route.children ? {children: caseSensitive(route.children)} : {}),
      }) as RouteObject,
  )
}

export function createRoutes(queryClient: QueryClient, server: ServerReaders = {}): RouteObject[] {
  return caseSensitive(siteRoutes(queryClient, server))
}

function siteRoutes(queryClient: QueryClient, server: ServerReaders): RouteObject[] {
  // Page texts have built-in fallbacks, so a missing or failing singleton never fails the page.
  const optional = (promise: Promise<unknown>) => promise.catch(() => null)
  // The cards' review averages: without them the cards show none, so a failure never fails the page.
  const ratings = async (qc: QueryClient) => {
    const {experienceRatingsQueryOptions} = await api.experienceRatings()
    await optional(qc.ensureQueryData(experienceRatingsQueryOptions()))
  }
  const pageCopy = prefetch(queryClient, async (qc) => {
    const {pageCopyQueryOptions} = await api.pageCopy()
    await optional(qc.ensureQueryData(pageCopyQueryOptions()))
  })
  const experienceList = prefetch(queryClient, async (qc) => {
    const {experiencesQueryOptions} = await api.experiences()
    await Promise.all([qc.ensureQueryData(experiencesQueryOptions()), ratings(qc)])
  })
  const storyList = prefetch(queryClient, async (qc) => {
    const {storiesQueryOptions} = await api.stories()
    await qc.ensureQueryData(storiesQueryOptions())
  })
  const experiences = both(experienceList, pageCopy)
  const stories = both(storyList, pageCopy)
  const storiesPage = page(
    () => import('./routes/stories'),
    (m) => m.StoriesPage,
  )
  const storiesHandle = publicPage('stories')

  return [
    {
      id: 'root',
      // The footer's company details; a failure here must not take every page down with it.
      loader: prefetch(queryClient, (qc) =>
        optional(qc.ensureQueryData(siteSettingsQueryOptions())),
      ),
      Component: RootLayout,
      ErrorBoundary: RootErrorBoundary,
      HydrateFallback: RouteLoading,
      children: [
        {
          index: true,
          loader: prefetch(queryClient, async (qc) => {
            const {homeQueryOptions} = await api.home()
            await Promise.all([qc.ensureQueryData(homeQueryOptions()), ratings(qc)])
          }),
          handle: publicPage('home'),
          lazy: page(
            () => import('./routes/home'),
            (m) => m.HomePage,
          ),
        },
        {
          path: 'experiences',
          loader: both(experiences, async ({request}) => {
            const url = new URL(request.url)
            await Promise.all([
              listingDetailDialog.load(url),
              // A date from the home page's search: every experience's rules, so the listing says on the
              // server already which cannot take it (a blackout, the lead time, the group's size).
              url.searchParams.get('date')
                ? api
                    .tripFit()
                    .then((m) => queryClient.ensureQueryData(m.allBookingRulesQueryOptions()))
                    .catch(() => null)
                : null,
            ])
            return null
          }),
          handle: {...publicPage('experiences'), ...listingDetailDialog},
          lazy: page(
            () => import('./routes/experiences'),
            (m) => m.ExperiencesPage,
          ),
        },
        {
          // A replace-redirect, so Back does not bounce through it.
          path: 'experiences/custom',
          loader: () => replace('/experiences?category=bespoke'),
          Component: RedirectOnly,
        },
        {
          path: 'experiences/:slug',
          loader: async ({params, request}) => {
            const slug = params.slug ?? ''
            const {experienceQueryOptions} = await api.experience()
            const experience = await queryClient.ensureQueryData(experienceQueryOptions(slug))
            if (!experience || experience.isBespoke) notFound()
            // Old addresses (aliases) move permanently to the canonical one.
            if (experience.slug !== slug) return redirect(`/experiences/${experience.slug}`, 301)
            const reviews = await import('../features/reviews/api/get-experience-reviews')
            const page = reviews.reviewsPageOf(new URL(request.url).search)
            await queryClient.ensureQueryData(
              reviews.experienceReviewsQueryOptions(experience._id, page),
            )
            return null
          },
          handle: publicPage('experience'),
          lazy: page(
            () => import('./routes/experience'),
            (m) => m.ExperiencePage,
          ),
        },
        {
          path: 'about',
          loader: prefetch(queryClient, async (qc) => {
            const {aboutPageQueryOptions} = await api.aboutPage()
            await optional(qc.ensureQueryData(aboutPageQueryOptions()))
          }),
          handle: publicPage('about'),
          lazy: page(
            () => import('./routes/about'),
            (m) => m.AboutPage,
          ),
        },
        {path: 'about-us', loader: toAbout, Component: RedirectOnly},
        {path: 'aboutus', loader: toAbout, Component: RedirectOnly},
        {path: 'stories', loader: stories, handle: storiesHandle, lazy: storiesPage},
        {path: 'local-stories', loader: stories, handle: storiesHandle, lazy: storiesPage},
        {
          path: 'stories/:slug',
          loader: prefetch(queryClient, async (qc, {params}) => {
            const {storyQueryOptions} = await api.story()
            const story = await qc.ensureQueryData(storyQueryOptions(params.slug ?? ''))
            if (!story) notFound()
          }),
          handle: publicPage('story'),
          lazy: page(
            () => import('./routes/story'),
            (m) => m.StoryPage,
          ),
        },
        {
          path: 'itinerary/bespoke-7-day',
          loader: prefetch(queryClient, async (qc) => {
            const {sampleItineraryQueryOptions} = await api.sampleItinerary()
            await qc.ensureQueryData(sampleItineraryQueryOptions())
          }),
          handle: publicPage('itinerary'),
          lazy: page(
            () => import('./routes/itinerary'),
            (m) => m.ItineraryPage,
          ),
        },
        {
          path: 'questionnaire',
          loader: pageCopy,
          handle: publicPage('questionnaire'),
          lazy: page(
            () => import('./routes/questionnaire'),
            (m) => m.QuestionnairePage,
          ),
        },
        {
          path: 'book/:experienceId',
          // The experience and its booking rules, so the server renders the form, or the date and group choice,
          // at once; what fails to load is loaded again (and reported) by the page.
          loader: prefetch(queryClient, async (qc, {params, request}) => {
            const {experienceQueryOptions} = await api.experience()
            const experience = await qc
              .ensureQueryData(experienceQueryOptions(params.experienceId ?? ''))
              .catch(() => null)
            if (!experience?._id) return
            const {experienceSettingsQueryOptions} = await api.experienceSettings()
            // On the server, the places left on the date asked for too: a full date's page then carries its
            // waitlist form (features/booking/api/get-availability.ts).
            const date = new URL(request.url).searchParams.get('date') ?? ''
            const read = server.readPrivateLink
            await Promise.all([
              qc.ensureQueryData(experienceSettingsQueryOptions(experience._id)).catch(() => null),
              read && date && experience.slug && !experience.isBespoke
                ? import('../features/booking/api/get-availability')
                    .then((m) => m.loadAvailabilityOnServer(qc, experience.slug!, date, read))
                    .catch(() => null)
                : null,
            ])
          }),
          // A full date's waitlist form posted without script (features/booking/api/join-waitlist-on-server.ts).
          action: async ({request}) =>
            (await import('../features/booking/api/join-waitlist-on-server')).joinWaitlistOnServer(
              server.actOnPrivateLink,
              request,
            ),
          handle: pageModule('book'),
          lazy: page(
            () => import('./routes/book'),
            (m) => m.BookPage,
          ),
        },
        {
          path: 'thank-you',
          loader: pageCopy,
          handle: pageModule('thank-you'),
          lazy: page(
            () => import('./routes/thank-you'),
            (m) => m.ThankYouPage,
          ),
        },
        {
          // The traveller's private request page, rendered with its content; the browser has no reader and
          // reads it itself when it navigates here.
          path: 'requests/:token',
          loader: async ({params}) => {
            const read = server.readTravellerRequest
            if (!read) return null
            const {loadRequestOnServer} = await import('../features/request/api/get-request')
            return linkPageStatus(await loadRequestOnServer(queryClient, params.token ?? '', read))
          },
          // Its forms posted without script (features/request/api/act-on-request-on-server.ts).
          action: async ({params, request}) =>
            (await import('../features/request/api/act-on-request-on-server')).actOnRequestOnServer(
              server.actOnPrivateLink,
              params.token ?? '',
              request,
            ),
          handle: pageModule('request'),
          lazy: page(
            () => import('./routes/request'),
            (m) => m.RequestPage,
          ),
        },
        {
          // The traveller's private review form, rendered with what its link opens, like the request page.
          path: 'reviews/:token',
          loader: async ({params}) => {
            const read = server.readReviewInvitation
            if (!read) return null
            const {loadInvitationOnServer} =
              await import('../features/reviews/api/get-review-invitation')
            return linkPageStatus(
              await loadInvitationOnServer(queryClient, params.token ?? '', read),
            )
          },
          // The form posted without script (features/reviews/api/submit-review-on-server.ts).
          action: async ({params, request}) =>
            (await import('../features/reviews/api/submit-review-on-server')).submitReviewOnServer(
              server.actOnPrivateLink,
              params.token ?? '',
              request,
            ),
          handle: pageModule('review'),
          lazy: page(
            () => import('./routes/review'),
            (m) => m.ReviewPage,
          ),
        },
        {
          // The pages a waitlist mail's links open and a privacy request's, rendered with what the link opens,
          // like the request page; their buttons are plain form posts, which these actions take on the server.
          path: 'waitlist/offers/:token',
          loader: async ({params}) => {
            const read = server.readPrivateLink
            if (!read) return null
            const links = await import('../features/waitlist/api/waitlist-links')
            return linkPageStatus(
              await links.loadOfferOnServer(queryClient, params.token ?? '', (token) =>
                read(links.offerApiPath(token)),
              ),
            )
          },
          action: async ({params}) =>
            (await import('../features/waitlist/api/waitlist-links')).takeOfferOnServer(
              server.actOnPrivateLink,
              params.token ?? '',
            ),
          handle: pageModule('waitlist-offer'),
          lazy: page(
            () => import('./routes/waitlist-offer'),
            (m) => m.WaitlistOfferPage,
          ),
        },
        {
          path: 'waitlist/leave/:token',
          loader: async ({params}) => {
            const read = server.readPrivateLink
            if (!read) return null
            const links = await import('../features/waitlist/api/waitlist-links')
            return linkPageStatus(
              await links.loadLeaveOnServer(queryClient, params.token ?? '', (token) =>
                read(links.leaveApiPath(token)),
              ),
            )
          },
          action: async ({params}) =>
            (await import('../features/waitlist/api/waitlist-links')).leaveOnServer(
              server.actOnPrivateLink,
              params.token ?? '',
            ),
          handle: pageModule('waitlist-leave'),
          lazy: page(
            () => import('./routes/waitlist-leave'),
            (m) => m.WaitlistLeavePage,
          ),
        },
        {
          path: 'privacy/requests/confirm/:token',
          loader: async ({params}) => {
            const read = server.readPrivateLink
            if (!read) return null
            const links = await import('../features/privacy/api/privacy-links')
            return linkPageStatus(
              await links.loadConfirmationOnServer(queryClient, params.token ?? '', (token) =>
                read(links.confirmationApiPath(token)),
              ),
            )
          },
          action: async ({params}) =>
            (await import('../features/privacy/api/privacy-links')).confirmOnServer(
              server.actOnPrivateLink,
              params.token ?? '',
            ),
          handle: pageModule('privacy-confirm'),
          lazy: page(
            () => import('./routes/privacy-confirm'),
            (m) => m.PrivacyConfirmPage,
          ),
        },
        {
          path: 'privacy/requests/download/:token',
          loader: async ({params}) => {
            const read = server.readPrivateLink
            if (!read) return null
            const links = await import('../features/privacy/api/privacy-links')
            return linkPageStatus(
              await links.loadAccessCopyOnServer(queryClient, params.token ?? '', (token) =>
                read(links.accessCopyApiPath(token)),
              ),
            )
          },
          handle: pageModule('privacy-download'),
          lazy: page(
            () => import('./routes/privacy-download'),
            (m) => m.PrivacyDownloadPage,
          ),
        },
        {
          path: 'privacy',
          loader: prefetch(queryClient, async (qc) => {
            const {privacyNoticeQueryOptions} = await api.privacyNotice()
            await optional(qc.ensureQueryData(privacyNoticeQueryOptions()))
          }),
          handle: publicPage('privacy'),
          lazy: page(
            () => import('./routes/privacy'),
            (m) => m.PrivacyPage,
          ),
        },
        {
          path: 'newsletter/confirm',
          handle: pageModule('newsletter-confirm'),
          lazy: page(
            () => import('./routes/newsletter-confirm'),
            (m) => m.NewsletterConfirmPage,
          ),
        },
        {
          path: 'unsubscribe',
          handle: pageModule('unsubscribe'),
          lazy: page(
            () => import('./routes/unsubscribe'),
            (m) => m.UnsubscribePage,
          ),
        },
        {
          path: 'contact',
          handle: publicPage('contact'),
          lazy: page(
            () => import('./routes/contact'),
            (m) => m.ContactPage,
          ),
        },
        {
          path: 'admin/bookings',
          handle: pageModule('admin-bookings'),
          lazy: page(
            () => import('./routes/admin-bookings'),
            (m) => m.AdminBookingsPage,
          ),
        },
        {path: '*', loader: () => notFound(), Component: NotFoundPage},
      ],
    },
  ]
}
