import {Link} from 'react-router-dom'

import {SanityImage} from '../../../components/sanity-image'
import type {StoryCard as StoryCardData} from '../api/story-fields'

export function StoryCard({
  story,
  headingLevel: Heading = 'h3',
}: {
  story: StoryCardData
  headingLevel?: 'h2' | 'h3'
}) {
  return (
    <article className="card">
      <div className="card__media">
        <SanityImage
          image={story.image}
          width={400}
          aspectRatio={3 / 2}
          sizes="(max-width: 700px) 100vw, 400px"
        />
      </div>
      <div className="card__body">
        {story.overline ? <p className="overline">{story.overline}</p> : null}
        <Heading className="card__title">
          <Link to={`/stories/${story.slug}`}>{story.title}</Link>
        </Heading>
        {story.teaser ? <p>{story.teaser}</p> : null}
        <p className="card__actions">
          <Link to={`/stories/${story.slug}`} aria-label={`Read the story: ${story.title}`}>
            Read the story
          </Link>
        </p>
      </div>
    </article>
  )
}
