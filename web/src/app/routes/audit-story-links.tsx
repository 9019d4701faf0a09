import {useState} from 'react'

import {Seo} from '../../components/seo'
import {useStoryLinks} from '../../features/audit/api/get-story-links'
import {StatusBadge} from '../../features/audit/audit-status'
import {checkStoryLink, type StoryLinkResult} from '../../features/audit/story-link-checks'
import {useExperiences} from '../../features/experiences/api/get-experiences'

export function AuditStoryLinksPage() {
  const {data: stories} = useStoryLinks()
  const {data: experiences} = useExperiences()
  const [results, setResults] = useState<StoryLinkResult[] | null>(null)
  const allOk = results?.every((result) => result.status === 'OK') ?? false

  return (
    <section className="container page-section status-page">
      <Seo
        title="Story links audit"
        description="Internal story link checks."
        path="/audit-story-links"
        noindex
      />
      <h1>Story links audit</h1>
      <p>
        Checks that every story’s booking button leads to a published experience page or to the
        questionnaire.
      </p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => setResults(stories.map((story) => checkStoryLink(story, experiences)))}
      >
        Run Audit
      </button>
      <div role="status" aria-live="polite">
        {results ? (
          <p className="page-section">{allOk ? 'All checks passed!' : 'Some issues found'}</p>
        ) : null}
      </div>
      {results ? (
        <table className="audit-table">
          <thead>
            <tr>
              <th scope="col">Story</th>
              <th scope="col">Primary experience</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.story._id}>
                <th scope="row">
                  <a href={`/stories/${result.story.slug}`}>{result.story.title}</a>
                </th>
                <td>{result.target}</td>
                <td>
                  <StatusBadge status={result.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  )
}
