import {configure, render} from '@testing-library/react'
import {createMemoryRouter, RouterProvider} from 'react-router-dom'

import {AppProvider} from '../app/provider'
import {createRoutes} from '../app/router'
import {createQueryClient} from '../lib/query-client'
import {setServerFetcher, type GroqFetcher} from '../lib/sanity-fetch'
import {experienceFixture, bespokeFixture, storyFixture} from './fixtures'

// Page chunks are imported lazily; the first import of a file in a cold test worker can take over a second.
configure({asyncUtilTimeout: 5_000})

/** Answers the site's GROQ reads from fixtures, by the document type and shape each query asks for. */
export const fixtureFetcher: GroqFetcher = async (query, params) => {
  const experiences = [experienceFixture(), bespokeFixture]
  if (query.includes('"featured"'))
    return {
      page: null,
      featured: experiences,
      fallbackStories: [storyFixture],
      fallbackTestimonials: [],
    }
  if (query.includes('_id == "')) return null
  if (query.includes('_type == "review"') && 'experienceId' in params)
    return {total: 0, average: null, reviews: []}
  if (query.includes('_type == "review"')) return []
  if (query.includes('_type == "experience"') && 'slug' in params)
    return experiences.find((e) => e.slug === params.slug) ?? null
  if (query.includes('_type == "experience"')) return experiences
  if (query.includes('_type == "story"') && 'slug' in params) return null
  if (query.includes('_type == "story"')) return [storyFixture]
  return null
}

/** The whole app (real routes, loaders and pages) in a memory router, reading content from fixtures. */
export function renderApp(initialEntry: string, fetcher: GroqFetcher = fixtureFetcher) {
  setServerFetcher(fetcher)
  const queryClient = createQueryClient()
  const router = createMemoryRouter(createRoutes(queryClient), {initialEntries: [initialEntry]})
  const view = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  )
  return {...view, router, queryClient}
}
