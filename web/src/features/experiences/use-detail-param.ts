import {useCallback, useMemo} from 'react'
import {useSearchParams} from 'react-router-dom'

import {track} from '../../lib/analytics'
import type {ExperienceDetail} from './api/experience-fields'
import {detailSlug} from './booking-links'
import {DETAIL_PARAM} from './detail-param'

/**
 * The open detail dialog is mirrored in `?exp=<slug>`, so it can be linked, shared and reopened by Back.
 * Opening pushes a history entry; closing replaces it, so Back after closing does not reopen the dialog.
 */
export function useDetailParam(experiences: ExperienceDetail[]) {
  const [searchParams, setSearchParams] = useSearchParams()
  const slug = searchParams.get(DETAIL_PARAM)

  const current = useMemo(
    () =>
      slug
        ? (experiences.find((e) => detailSlug(e) === slug) ??
          experiences.find((e) => e.slug === slug) ??
          null)
        : null,
    [experiences, slug],
  )

  const open = useCallback(
    (experience: Pick<ExperienceDetail, 'title' | 'slug'>) => {
      const next = new URLSearchParams(searchParams)
      next.set(DETAIL_PARAM, detailSlug(experience))
      setSearchParams(next, {preventScrollReset: true})
      track('experience_detail_opened', {experience: experience.slug})
    },
    [searchParams, setSearchParams],
  )

  const close = useCallback(() => {
    const next = new URLSearchParams(searchParams)
    next.delete(DETAIL_PARAM)
    setSearchParams(next, {replace: true, preventScrollReset: true})
    if (current) track('experience_detail_closed', {experience: current.slug})
  }, [current, searchParams, setSearchParams])

  return {current, open, close}
}
