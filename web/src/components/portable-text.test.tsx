import {renderToString} from 'react-dom/server'
import {MemoryRouter} from 'react-router-dom'
import {describe, expect, it} from 'vitest'

import {hostileHrefs} from '../../../tests/hostile/payloads.ts'
import {PortableText} from './portable-text'

const paragraph = (href: string) => [
  {
    _type: 'block',
    _key: 'b1',
    style: 'normal',
    markDefs: [{_type: 'link', _key: 'l1', href}],
    children: [
      {_type: 'span', _key: 's1', text: 'Read ', marks: []},
      {_type: 'span', _key: 's2', text: 'this', marks: ['l1']},
    ],
  },
]

/** The server's rendering: the HTML a visitor receives before any script runs. */
const serverHtml = (href: string) =>
  renderToString(
    <MemoryRouter>
      <PortableText value={paragraph(href)} />
    </MemoryRouter>,
  )

describe('PortableText links', () => {
  it.each(hostileHrefs)('renders a link to %j as plain text', (href) => {
    const html = serverHtml(href)
    expect(html).toMatch(/Read (<!-- -->)?this/)
    expect(html).not.toMatch(/<a\b/)
  })

  it('links site paths in the app and web addresses in a new tab', () => {
    expect(serverHtml('/about')).toMatch(/<a href="\/about"[^>]*>this<\/a>/)
    expect(serverHtml('https://example.com/')).toMatch(
      /<a href="https:\/\/example.com\/" rel="noopener noreferrer" target="_blank">this<span class="visually-hidden"> \(opens in a new tab\)<\/span><\/a>/,
    )
    expect(serverHtml('mailto:hi@example.com')).toContain('<a href="mailto:hi@example.com">this</a>')
  })
})
