import {Card, Stack, Text} from '@sanity/ui'
import {useEffect, useId, useState} from 'react'
import {useClient, useFormValue, type StringInputProps} from 'sanity'

import {
  mailTemplateKind,
  PLACEHOLDERS,
  placeholderValuesFor,
  renderMail,
  REQUIRED_PLACEHOLDERS,
  SAMPLE_VALUES,
  type MailBrand,
  type MailTemplateKind,
} from '@repo/schemas/mail-templates.ts'

/** The kind from the document, or from its fixed id while the field is still empty (a template never seeded). */
export function mailTemplateKindOf(
  document: {_id?: string; kind?: unknown} | undefined,
): MailTemplateKind | undefined {
  const fromId = document?._id?.replace(/^drafts\./, '').replace(/^mailTemplate-/, '')
  const kind = typeof document?.kind === 'string' ? document.kind : fromId
  return kind ? mailTemplateKind(kind)?.kind : undefined
}

const useKind = () =>
  mailTemplateKindOf({
    _id: useFormValue(['_id']) as string | undefined,
    kind: useFormValue(['kind']),
  })

/** The placeholders this mail may use, with what each holds: the field's help text. */
export function AllowedPlaceholders({intro}: {intro?: string}) {
  const kind = useKind()
  const placeholders = kind ? mailTemplateKind(kind)?.placeholders : undefined
  if (!placeholders) return intro ?? null
  const required: readonly string[] = (kind && REQUIRED_PLACEHOLDERS[kind]) || []
  return (
    <>
      {intro ? `${intro} ` : ''}
      Placeholders you can use:{' '}
      {placeholders.map((name, index) => (
        <span key={name}>
          {index ? '; ' : ''}
          <code>{`{${name}}`}</code> {PLACEHOLDERS[name].description.toLowerCase()}
          {required.includes(name) ? ' (the text must include it; the subject may not)' : ''}
        </span>
      ))}
      .
    </>
  )
}

const SETTINGS_QUERY = /* groq */ `*[_id == "siteSettings"][0]{siteName, mailSignature}`

/** The brand the functions would use: the company and signature from site settings (published or draft). */
function useBrand(): MailBrand {
  const client = useClient({apiVersion: '2025-02-19'})
  const [settings, setSettings] = useState<{siteName?: string; mailSignature?: string} | null>(null)
  useEffect(() => {
    const subscription = client.observable
      .fetch<typeof settings>(SETTINGS_QUERY, {}, {perspective: 'published'})
      .subscribe({next: setSettings, error: () => setSettings(null)})
    return () => subscription.unsubscribe()
  }, [client])
  const company = settings?.siteName?.trim() || String(PLACEHOLDERS.company.sample)
  return {company, signature: settings?.mailSignature?.trim() || `The ${company} team`}
}

/**
 * The body's textarea, and under it the mail as a traveller (or the team) would read it, filled with sample data:
 * the editor sees the effect of every change before publishing. Plain text, the same words the HTML part has.
 */
export function MailTemplateBodyInput(props: StringInputProps) {
  const kind = useKind()
  const subject = useFormValue(['subject'])
  const brand = useBrand()
  const headingId = useId()
  const preview = kind
    ? renderMail(
        {subject: typeof subject === 'string' ? subject : '', body: props.value ?? ''},
        // What the functions fill: only this mail's own placeholders.
        placeholderValuesFor(kind, {...SAMPLE_VALUES, company: brand.company}),
        brand,
      )
    : null
  return (
    <Stack gap={4}>
      {props.renderDefault(props)}
      {preview && (
        <Card
          as="section"
          aria-labelledby={headingId}
          padding={4}
          radius={2}
          border
          tone="transparent"
        >
          <Stack gap={4}>
            <Text as="h3" id={headingId} size={1} weight="semibold">
              Preview with sample data
            </Text>
            <Text size={1}>
              <strong>Subject:</strong> {preview.subject}
            </Text>
            <Text size={1} style={{whiteSpace: 'pre-wrap'}} data-testid="mail-template-preview">
              {preview.text}
            </Text>
          </Stack>
        </Card>
      )}
    </Stack>
  )
}
