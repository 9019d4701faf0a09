import {
  PortableText as BasePortableText,
  type PortableTextBlock,
  type PortableTextComponents,
} from '@portabletext/react'
import {Link} from 'react-router-dom'

import {linkKind} from '@repo/schemas/safe-link.ts'

import type {SanityImageSource} from '../lib/image-fields'
import {SanityImage} from './sanity-image'

type LinkMark = {_type: 'link'; href?: string}
type ExperienceLinkMark = {_type: 'experienceLink'; slug?: string | null}

const components: PortableTextComponents = {
  types: {
    bodyImage: ({value}: {value: SanityImageSource & {caption?: string}}) => (
      <figure className="prose__figure">
        <SanityImage image={value} width={760} />
        {value.caption ? <figcaption>{value.caption}</figcaption> : null}
      </figure>
    ),
    pullQuote: ({value}: {value: {quote?: string; attribution?: string}}) => (
      <figure className="pull-quote">
        <blockquote>
          <p>{value.quote}</p>
        </blockquote>
        {value.attribution ? <figcaption>— {value.attribution}</figcaption> : null}
      </figure>
    ),
  },
  marks: {
    link: ({value, children}: {value?: LinkMark; children: React.ReactNode}) => {
      const href = value?.href
      // The one link rule (schemas/src/safe-link.ts), on the server's rendering and the browser's alike: an
      // address it refuses, written through the API past the studio's validation, is plain text.
      const kind = linkKind(href)
      if (!kind || typeof href !== 'string') return <>{children}</>
      // Site paths stay in the app; other addresses open as ordinary links.
      if (kind === 'site') return <Link to={href}>{children}</Link>
      const external = /^https?:/i.test(href)
      return (
        <a href={href} {...(external ? {rel: 'noopener noreferrer', target: '_blank'} : {})}>
          {children}
          {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
        </a>
      )
    },
    experienceLink: ({value, children}: {value?: ExperienceLinkMark; children: React.ReactNode}) =>
      value?.slug ? <Link to={`/experiences/${value.slug}`}>{children}</Link> : <>{children}</>,
  },
}

/** Rich text from the studio (`blockContent`). Queries project `experienceLink` marks to `slug`. */
export function PortableText({value}: {value: readonly object[] | null | undefined}) {
  if (!value?.length) return null
  return (
    <div className="prose">
      {/* The generated block types are Sanity's stored blocks; Portable Text renders exactly that shape. */}
      <BasePortableText value={value as PortableTextBlock[]} components={components} />
    </div>
  )
}
