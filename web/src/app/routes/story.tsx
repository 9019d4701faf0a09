import {Link, useParams} from 'react-router-dom'

import {Breadcrumbs, breadcrumbJsonLd, type Crumb} from '../../components/breadcrumbs'
import {PortableText} from '../../components/portable-text'
import {SanityImage} from '../../components/sanity-image'
import {Seo, useSiteIdentity} from '../../components/seo'
import {useStory} from '../../features/stories/api/get-story'
import type {StoryDetail} from '../../features/stories/api/story-fields'
import {storyCtaHref, storyCtaLabel} from '../../features/stories/story-cta'
import {track} from '../../lib/analytics'
import {imageUrl} from '../../lib/image-url'
import {absoluteUrl} from '../../lib/site'
import {formatLongDate} from '@repo/schemas/format-date.ts'

export function StoryPage() {
  const {slug = ''} = useParams()
  const story = useStory(slug).data as StoryDetail
  const href = storyCtaHref(story.callToAction)
  const identity = useSiteIdentity()
  const image = story.image?.asset
    ? imageUrl(story.image, {width: 1200, height: 630, fit: 'crop'})
    : undefined
  const crumbs: Crumb[] = [
    {label: 'Home', to: '/'},
    {label: 'Local Stories', to: '/stories'},
    {label: story.title},
  ]

  return (
    <>
      <Seo
        title={story.title}
        description={story.teaser ?? story.title}
        path={`/stories/${story.slug}`}
        type="article"
        image={image}
        jsonLd={[
          {
            '@context': 'https://schema.org',
            '@type': 'Article',
            'headline': story.title,
            'description': story.teaser ?? undefined,
            ...(image ? {image} : {}),
            ...(story.publishedAt ? {datePublished: story.publishedAt} : {}),
            'dateModified': story._updatedAt,
            'mainEntityOfPage': absoluteUrl(`/stories/${story.slug}`),
            'author': {'@type': 'Organization', 'name': identity.name},
            'publisher': {'@type': 'Organization', 'name': identity.name},
          },
          breadcrumbJsonLd(crumbs),
        ]}
      />
      <article>
        <header className="page-hero">
          <div className="container split">
            <div>
              <Breadcrumbs items={crumbs} />
              {story.overline ? <p className="overline">{story.overline}</p> : null}
              <h1>{story.title}</h1>
              {story.teaser ? <p className="lead">{story.teaser}</p> : null}
              {story.publishedAt ? (
                <p className="muted">
                  <time dateTime={story.publishedAt}>{formatLongDate(story.publishedAt)}</time>
                </p>
              ) : null}
            </div>
            <SanityImage image={story.image} width={600} aspectRatio={4 / 3} priority />
          </div>
        </header>
        <div className="container page-section">
          <PortableText value={story.body} />
        </div>
      </article>
      <section className="container" aria-labelledby="story-cta-heading">
        <div className="cta-band">
          <h2 id="story-cta-heading">Experience it with a local guide</h2>
          <div className="button-row">
            <Link
              to={href}
              data-scroll-preserve="true"
              className="button"
              onClick={() => track('story_book_clicked', {story: story.slug, target: href})}
            >
              {storyCtaLabel(story.callToAction)}
            </Link>
            <Link to="/stories">Back to all stories</Link>
          </div>
        </div>
      </section>
    </>
  )
}
