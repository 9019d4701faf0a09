import {Link} from 'react-router-dom'

import {Seo} from '../../components/seo'

export function NotFoundPage() {
  return (
    <section className="container page-section status-page">
      <Seo
        title="Page not found"
        description="The page you were looking for does not exist."
        path="/404"
        noindex
      />
      <p className="overline">404</p>
      <h1>Oops! Page not found</h1>
      <p>The page may have moved, or the address may be mistyped.</p>
      <Link to="/" className="button button--primary">
        Return to Home
      </Link>
    </section>
  )
}
