import {useQuery} from '@tanstack/react-query'
import {Link} from 'react-router-dom'

import {Seo} from '../../components/seo'
import {pageCopyQueryOptions} from '../../features/pages/api/get-page-copy'
import {useStories} from '../../features/stories/api/get-stories'
import {StoryCard} from '../../features/stories/components/story-card'

/** Both /stories and /local-stories render this list; the canonical URL is /stories. */
export function StoriesPage() {
  const {data: stories} = useStories()
  const {data: copy} = useQuery(pageCopyQueryOptions())
  const hero = copy?.storiesHero
  return (
    <>
      <Seo
        title="Local stories from Cape Town"
        description="Art studios, markets, jazz, mountain trails, penguins and wine farms: stories from the people and places behind our experiences."
        path="/stories"
      />
      <section className="page-hero">
        <div className="container">
          <p className="overline">{hero?.overline ?? 'Local Stories'}</p>
          <h1>{hero?.heading ?? 'Stories from Cape Town'}</h1>
          <p className="lead">
            {hero?.intro ?? 'The people, places and flavours behind our experiences.'}
          </p>
        </div>
      </section>
      <section className="container page-section" aria-label="Stories">
        {stories.length === 0 ? (
          <p role="status">New stories are being written. Please check back soon.</p>
        ) : (
          <ul className="card-grid">
            {stories.map((story) => (
              <li key={story._id}>
                <StoryCard story={story} headingLevel="h2" />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="container">
        <div className="cta-band">
          <h2>{copy?.storiesCtaHeading ?? 'Ready to see it for yourself?'}</h2>
          <Link to="/experiences" className="button">
            {copy?.storiesCtaLabel ?? 'Explore experiences'}
          </Link>
        </div>
      </section>
    </>
  )
}
