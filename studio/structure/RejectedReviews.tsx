import {Box, Card, Stack, Text} from '@sanity/ui'
import {useEffect, useState} from 'react'
import {useClient} from 'sanity'

import {REJECTION_REASONS, REVIEW_TYPE} from '@repo/schemas/reviews.ts'

import {STUDIO_API_VERSION} from '../lib/fields'

type Rejected = {reason: string; experience: string | null}
type Row = {experience: string; total: number; byReason: Record<string, number>}

/** Every rejected review (they stay drafts), read with the editor's session, with its experience's title. */
const rejectedReviewsQuery = /* groq */ `*[_type == "${REVIEW_TYPE}" && defined(rejectionReason)]{"reason": rejectionReason, "experience": experience->title}`

/** Counts per experience and reason, experiences with the most rejections first. */
export function rejectionRows(rejected: readonly Rejected[]): Row[] {
  const rows = new Map<string, Row>()
  for (const {reason, experience} of rejected) {
    const title = experience ?? 'Experience removed'
    const row = rows.get(title) ?? {experience: title, total: 0, byReason: {}}
    row.total += 1
    row.byReason[reason] = (row.byReason[reason] ?? 0) + 1
    rows.set(title, row)
  }
  return [...rows.values()].sort(
    (a, b) => b.total - a.total || a.experience.localeCompare(b.experience, 'en-GB'),
  )
}

/**
 * How many reviews were rejected per experience, and why: a structure view, so an editor sees at a glance
 * whether one experience attracts spam or personal data, and the reasons stay the four the studio offers.
 */
export function RejectedReviews() {
  const client = useClient({apiVersion: STUDIO_API_VERSION})
  const [rows, setRows] = useState<Row[] | null>(null)
  const [failed, setFailed] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    const raw = client.withConfig({perspective: 'raw'})
    const read = () =>
      raw
        .fetch<Rejected[]>(rejectedReviewsQuery)
        .then((rejected) => live && setRows(rejectionRows(rejected)))
        .catch(
          (error: unknown) =>
            live && setFailed(error instanceof Error ? error.message : String(error)),
        )
    void read()
    const listening = raw
      .listen(`*[_type == "${REVIEW_TYPE}"]`, {}, {includeResult: false, visibility: 'query'})
      .subscribe({next: () => void read()})
    return () => {
      live = false
      listening.unsubscribe()
    }
  }, [client])

  if (failed)
    return (
      <Box padding={4}>
        <Text>Could not read the reviews: {failed}</Text>
      </Box>
    )
  if (!rows)
    return (
      <Box padding={4}>
        <Text muted>Reading the reviews…</Text>
      </Box>
    )
  return (
    <Box padding={4}>
      <Stack gap={4}>
        <Text size={1} muted>
          Rejected reviews are never published. The rating is never a reason to reject one.
        </Text>
        {rows.length === 0 ? (
          <Text>No review has been rejected.</Text>
        ) : (
          <Card radius={2} border overflow="auto">
            <table
              data-testid="rejected-reviews"
              style={{borderCollapse: 'collapse', width: '100%'}}
            >
              <caption style={{textAlign: 'left', padding: 8}}>
                <Text weight="semibold">Rejected reviews by experience</Text>
              </caption>
              <thead>
                <tr>
                  <th scope="col" style={cell}>
                    <Text size={1} weight="semibold">
                      Experience
                    </Text>
                  </th>
                  {REJECTION_REASONS.map(({value, title}) => (
                    <th key={value} scope="col" style={cell}>
                      <Text size={1} weight="semibold">
                        {title}
                      </Text>
                    </th>
                  ))}
                  <th scope="col" style={cell}>
                    <Text size={1} weight="semibold">
                      Total
                    </Text>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.experience}>
                    <th scope="row" style={cell}>
                      <Text size={1}>{row.experience}</Text>
                    </th>
                    {REJECTION_REASONS.map(({value}) => (
                      <td key={value} style={cell}>
                        <Text size={1}>{row.byReason[value] ?? 0}</Text>
                      </td>
                    ))}
                    <td style={cell}>
                      <Text size={1}>{row.total}</Text>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
        )}
      </Stack>
    </Box>
  )
}

const cell = {
  padding: 8,
  textAlign: 'left',
  borderTop: '1px solid var(--card-border-color)',
} as const
