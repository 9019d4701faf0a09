import {Card, Stack, Text} from '@sanity/ui'
import {useEffect, useState} from 'react'
import {useClient, type ObjectInputProps} from 'sanity'
import {IntentLink} from 'sanity/router'

import {STUDIO_API_VERSION} from '../../lib/fields'

/**
 * The review's experience, in words (issue 42: the read-only reference showed editors an empty grey box). The
 * traveller chose it through their booking, so it is never edited here: the field names the experience and links to
 * it, and says so in words when there is none or it cannot be found, instead of leaving a box to guess at.
 */

export type ExperienceLookup =
  | {state: 'none'}
  | {state: 'loading'}
  | {state: 'found'; id: string; title: string | null}
  | {state: 'missing'; id: string}
  | {state: 'failed'; id: string; message: string}

/** What the field says for each state: never nothing. */
export function experienceLine(lookup: ExperienceLookup): string {
  switch (lookup.state) {
    case 'none':
      return 'No experience is linked to this review.'
    case 'loading':
      return 'Finding the experience…'
    case 'found':
      return lookup.title?.trim() || 'An experience without a title'
    case 'missing':
      return `The experience this review was written for no longer exists (${lookup.id}).`
    case 'failed':
      return `The experience could not be read (${lookup.message}).`
  }
}

const reviewExperienceTitleQuery = /* groq */ `*[_id in [$id, "drafts." + $id]] | order(_id desc)[0]{title}`

export function ReviewExperienceInput(props: ObjectInputProps) {
  const id = (props.value as {_ref?: unknown} | undefined)?._ref
  const client = useClient({apiVersion: STUDIO_API_VERSION})
  const [lookup, setLookup] = useState<ExperienceLookup>(
    typeof id === 'string' ? {state: 'loading'} : {state: 'none'},
  )

  useEffect(() => {
    if (typeof id !== 'string') {
      setLookup({state: 'none'})
      return
    }
    let live = true
    setLookup({state: 'loading'})
    client
      .fetch<{title?: string} | null>(reviewExperienceTitleQuery, {id}, {perspective: 'raw'})
      .then(
        (found) => {
          if (live)
            setLookup(
              found ? {state: 'found', id, title: found.title ?? null} : {state: 'missing', id},
            )
        },
        (error: unknown) => {
          if (live)
            setLookup({
              state: 'failed',
              id,
              message: error instanceof Error ? error.message : String(error),
            })
        },
      )
    return () => {
      live = false
    }
  }, [client, id])

  const line = experienceLine(lookup)
  return (
    <Card padding={3} radius={2} border tone={lookup.state === 'found' ? 'default' : 'caution'} data-testid="review-experience">
      <Stack gap={3}>
        <Text size={2} weight={lookup.state === 'found' ? 'semibold' : 'regular'}>
          {line}
        </Text>
        {lookup.state === 'found' && (
          <Text size={1}>
            <IntentLink intent="edit" params={{id: lookup.id, type: 'experience'}}>
              Open the experience
            </IntentLink>
          </Text>
        )}
      </Stack>
    </Card>
  )
}
