import {Link} from 'react-router-dom'

import {Seo} from '../../components/seo'
import {StatusBadge} from '../../features/audit/audit-status'
import {useExperiences} from '../../features/experiences/api/get-experiences'
import {useStories} from '../../features/stories/api/get-stories'
import type {SanityImageSource} from '../../lib/image-fields'
import {imageDimensions} from '../../lib/image-url'

/** Images narrower than this look soft on large screens (the hero and page images show up to 1200 px wide). */
const MIN_WIDTH = 1200

type Row = {label: string; href: string; image: SanityImageSource | null}

export function ImageReviewPage() {
  const {data: experiences} = useExperiences()
  const {data: stories} = useStories()
  const rows: Row[] = [
    ...experiences.map((e) => ({
      label: `Experience: ${e.title}`,
      href: `/experiences/${e.slug}`,
      image: e.image,
    })),
    ...stories.map((s) => ({
      label: `Story: ${s.title}`,
      href: `/stories/${s.slug}`,
      image: s.image,
    })),
  ]
  return (
    <section className="container page-section status-page">
      <Seo title="Image review" description="Internal image checks." path="/image-review" noindex />
      <h1>Image review</h1>
      <p>
        <Link to="/">Back to the homepage</Link>
      </p>
      <table className="audit-table">
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Image</th>
            <th scope="col">Alt text</th>
            <th scope="col">Size</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const size = row.image ? imageDimensions(row.image) : null
            return (
              <tr key={row.href}>
                <th scope="row">
                  <Link to={row.href}>{row.label}</Link>
                </th>
                <td>
                  <StatusBadge status={row.image?.asset ? 'OK' : 'Missing'} />
                </td>
                <td>
                  <StatusBadge status={row.image?.alt?.trim() ? 'OK' : 'Missing'} />{' '}
                  {row.image?.alt}
                </td>
                <td>
                  <StatusBadge
                    status={size && size.width >= MIN_WIDTH ? 'OK' : size ? 'Unknown' : 'Missing'}
                  />{' '}
                  {size ? `${size.width}×${size.height}` : ''}
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}
