import {describe, expect, it} from 'vitest'

import {
  defaultMailTemplate,
  MAIL_TEMPLATE_KINDS,
  placeholdersIn,
  renderMail,
  SAMPLE_VALUES,
  TEMPLATE_CHARACTERS_MESSAGE,
  templateBodyProblems,
  templateProblems,
  templateSubjectProblems,
  usableTemplate,
} from './mail-templates.ts'

const brand = {company: 'Cape Curated', signature: 'Warm regards,\nThe Cape Curated team'}

describe('mail templates', () => {
  it('every default template uses only its own placeholders', () => {
    for (const {kind, subject, body} of MAIL_TEMPLATE_KINDS) {
      expect(templateSubjectProblems(kind, subject), kind).toEqual([])
      expect(templateBodyProblems(kind, body), kind).toEqual([])
    }
  })

  it.each([
    ['requestLink', 'requestLink'],
    ['reviewRequest', 'reviewLink'],
    ['waitlistJoined', 'leaveLink'],
    ['waitlistOffer', 'offerLink'],
    ['newsletterConfirm', 'confirmLink'],
    ['newsletterWelcome', 'unsubscribeLink'],
  ] as const)('refuses a %s text without {%s}: the mail is there for its link', (kind, link) => {
    const body = defaultMailTemplate(kind).body.replaceAll(`{${link}}`, 'our website')
    expect(templateBodyProblems(kind, body)).toEqual([
      expect.stringContaining(`The text must include {${link}}`),
    ])
    expect(usableTemplate(kind, {subject: 'Hello', body})).toEqual(defaultMailTemplate(kind))
  })

  it('refuses a confirmation-request text without its link, and the link in a subject, and falls back to the default', () => {
    const body = 'Hello,\n\nConfirm within {confirmWithin}.'
    expect(templateBodyProblems('privacyConfirm', body)).toEqual([
      'The text must include {privacyConfirmLink}: the single-use link that confirms a request about one’s information.',
    ])
    expect(templateSubjectProblems('privacyConfirm', 'Confirm: {privacyConfirmLink}')).toEqual([
      '{privacyConfirmLink} belongs in the text, not the subject.',
    ])
    expect(usableTemplate('privacyConfirm', {subject: 'Confirm', body})).toEqual(
      defaultMailTemplate('privacyConfirm'),
    )
    const own = {subject: 'Confirm', body: 'Here: {privacyConfirmLink}'}
    expect(usableTemplate('privacyConfirm', own)).toEqual(own)
    // A mail that needs no link is not held to one.
    expect(templateBodyProblems('decline', 'Dear {name}')).toEqual([])
  })

  it('makes the privacy confirmation link a link in the HTML part', () => {
    const mail = renderMail(
      defaultMailTemplate('privacyConfirm'),
      {privacyConfirmLink: 'https://example.com/privacy/requests/confirm/abc'},
      brand,
    )
    expect(mail.html).toContain(
      '<a href="https://example.com/privacy/requests/confirm/abc">https://example.com/privacy/requests/confirm/abc</a>',
    )
  })

  it('refuses unknown placeholders and stray braces with the allowed list', () => {
    expect(templateProblems('decline', 'Dear {nmae}, {reason}')).toEqual([
      expect.stringContaining('{nmae} is not available in this mail. Use {name}, {reference}'),
    ])
    // {options} belongs to the proposal, not to a decline.
    expect(templateProblems('decline', '{options} {acceptedDate}')[0]).toMatch(
      /^\{options\}, \{acceptedDate\} are not available/,
    )
    expect(templateProblems('confirmation', 'Dear {name')).toEqual([
      expect.stringContaining('A brace is not closed'),
    ])
    expect(templateProblems('confirmation', 'Dear { name }')).toHaveLength(1)
    expect(placeholdersIn('{a} and {b}{a}')).toEqual(['a', 'b', 'a'])
  })

  it('fills text and HTML parts, with lists, tables, links and the signature', () => {
    const mail = renderMail(defaultMailTemplate('proposal'), SAMPLE_VALUES, brand)
    expect(mail.subject).toBe('Other dates for Lion’s Head Sunrise Hike (CTX-7KQ2MD)')
    expect(mail.text).toContain(
      'we can offer:\n\n- Thursday 17 December 2026, Morning (07:00)\n- Saturday 19 December 2026',
    )
    expect(mail.text).toMatch(/Warm regards,\nThe Cape Curated team\n$/)
    expect(mail.text).not.toMatch(/[{}]/)
    expect(mail.html).toMatch(
      /^<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Other dates/,
    )
    expect(mail.html).toContain(
      '<ul><li>Thursday 17 December 2026, Morning (07:00)</li><li>Saturday 19 December 2026</li></ul>',
    )
    const details = renderMail(
      {subject: 'x', body: 'Intro\n\n{details}'},
      {
        details: {
          rows: [
            ['Name', 'A & B'],
            ['Notes', ''],
          ],
        },
      },
      brand,
    )
    expect(details.html).toContain(
      '<table role="presentation"><tr><th scope="row" align="left">Name</th><td>A &amp; B</td></tr><tr><th scope="row" align="left">Notes</th><td>—</td></tr></table>',
    )
    const link = renderMail(
      {subject: 's', body: 'See {requestLink}'},
      {requestLink: 'https://site.example/requests/abc?x=1&y=2'},
      brand,
    )
    expect(link.html).toContain(
      '<p>See <a href="https://site.example/requests/abc?x=1&amp;y=2">https://site.example/requests/abc?x=1&amp;y=2</a></p>',
    )
  })

  it('escapes what people typed and keeps headers on one line', () => {
    const mail = renderMail(
      {subject: 'About {reference}', body: 'Dear {name},\n\n{message}'},
      {
        reference: 'CTX-1\r\nBcc: evil@example.com',
        name: '<script>alert(1)</script>',
        message: 'Line one\nLine two \u0000ahttps://evil.example\u0000',
      },
      brand,
    )
    expect(mail.subject).toBe('About CTX-1 Bcc: evil@example.com')
    expect(mail.html).toContain('Dear &lt;script&gt;alert(1)&lt;/script&gt;,')
    expect(mail.html).toContain('<p>Line one<br>Line two ahttps://evil.example</p>')
    expect(mail.html).not.toContain('<a ')
  })

  it('makes no link from what an editor types, whatever marker it carries', () => {
    const hostile = [
      '\u0000ajavascript:alert(1)\u0000',
      '\u0000ahttps://evil.example\u0000',
      '<a href="javascript:alert(1)">x</a>',
      '{requestLink}\u0000ajavascript:alert(1)\u0000',
    ]
    for (const text of hostile) {
      const mail = renderMail(
        {subject: `About ${text}`, body: `Dear {name},\n\n${text}\n\n{requestLink}`},
        {name: 'Thandi', requestLink: 'https://site.example/requests/abc'},
        brand,
      )
      const links = [...mail.html.matchAll(/<a\b[^>]*>/g)].map((match) => match[0])
      expect(links.length, text).toBeGreaterThan(0)
      for (const link of links)
        expect(link, text).toBe('<a href="https://site.example/requests/abc">')
      expect(mail.html, text).not.toMatch(/javascript:alert\(1\)"|\u0000/)
      expect(mail.subject, text).not.toContain('\u0000')
    }
    expect(templateProblems('decline', 'Dear {name},\u0000a')).toEqual([
      TEMPLATE_CHARACTERS_MESSAGE,
    ])
    expect(templateProblems('decline', 'Dear {name},\u202E')).toEqual([TEMPLATE_CHARACTERS_MESSAGE])
  })

  it('links a link placeholder only when the functions filled it with a web address', () => {
    for (const requestLink of [
      'javascript:alert(1)',
      'https://x.example/"onmouseover="a',
      ' https://x.example',
    ]) {
      const mail = renderMail(
        {subject: 's', body: '{requestLink}\n\n{reason}'},
        {requestLink, reason: 'https://y.example'},
        brand,
      )
      expect(mail.html, requestLink).not.toContain('<a ')
    }
  })

  it('leaves out a paragraph whose only placeholder is empty', () => {
    const mail = renderMail(defaultMailTemplate('proposal'), {...SAMPLE_VALUES, message: ''}, brand)
    expect(mail.text).not.toMatch(/\n\n\n/)
    expect(mail.html).not.toContain('<p></p>')
  })

  it('a confirmation saved before {meetingDetails} existed still carries the meeting details', () => {
    // The confirmation as editors could save it before the placeholder existed.
    const old = {
      subject: 'Confirmed: {experience} on {date}',
      body: 'Dear {name},\n\nYou are booked on {experience}.\n\nYour request:\n\n{requestLink}',
    }
    const template = usableTemplate('confirmation', old)
    expect(template.body).toBe(
      'Dear {name},\n\nYou are booked on {experience}.\n\nYour request:\n\n{meetingDetails}\n\n{requestLink}',
    )
    const mail = renderMail(template, SAMPLE_VALUES, brand)
    expect(mail.text).toContain('Meeting point: Lion’s Head trailhead parking')
    expect(mail.html).toContain('<th scope="row" align="left">Meeting point</th>')
    // One that names it keeps it where the editor put it, once; without meeting details, no empty paragraph.
    const own = {...old, body: '{meetingDetails}\n\nDear {name}'}
    expect(usableTemplate('confirmation', own)).toEqual(own)
    const none = renderMail(template, {...SAMPLE_VALUES, meetingDetails: {rows: []}}, brand)
    expect(none.html).not.toContain('<p></p>')
    // Other mails are left as written.
    expect(usableTemplate('decline', {subject: 'x', body: 'y'})).toEqual({subject: 'x', body: 'y'})
  })
})
