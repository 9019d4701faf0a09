import {useQuery} from '@tanstack/react-query'
import {useSearchParams} from 'react-router-dom'

import {isIsoDate} from '@repo/schemas/iso-date.ts'

import {Seo} from '../../components/seo'
import {QuestionnaireForm} from '../../features/leads/components/questionnaire-form'
import {pageCopyQueryOptions} from '../../features/pages/api/get-page-copy'
import {formatLongDate} from '@repo/schemas/format-date.ts'

/** The questionnaire page's frame; the form itself is part of the write paths. */
export function QuestionnairePage() {
  const {data: copy} = useQuery(pageCopyQueryOptions())
  const [params] = useSearchParams()
  const hero = copy?.questionnaireHero
  const date = params.get('date')
  return (
    <>
      <Seo
        title="Plan Your Perfect Trip"
        description="Tell us your dates, group and interests, and a Cape Town planner will put together a bespoke itinerary for you."
        path="/questionnaire"
      />
      <section className="page-hero">
        <div className="container">
          <p className="overline">{hero?.overline ?? 'Bespoke'}</p>
          <h1>{hero?.heading ?? 'Plan Your Perfect Trip'}</h1>
          <p className="lead">
            {hero?.intro ??
              'A few questions, then a local planner shapes the days around you. No payment required.'}
          </p>
          {date ? <p className="notice">Planning from {formatLongDate(date)}.</p> : null}
        </div>
      </section>
      <section className="container page-section" aria-label="Questionnaire">
        <QuestionnaireForm initialDate={date && isIsoDate(date) ? date : ''} />
      </section>
    </>
  )
}
