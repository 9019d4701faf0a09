import type {StatusHistoryEntry} from './request-decisions.ts'

/**
 * Where a request stands, in the traveller's words (their request page): the team's statuses ("Contacted",
 * "Closed") are the team's working words, and "Closed" alone hides whether the traveller withdrew, cancelled a
 * confirmed trip or the team cancelled the departure.
 */
export function travellerStatusTitle(
  status: string,
  history: readonly Pick<StatusHistoryEntry, 'status' | 'action'>[] = [],
): string {
  const last = history.at(-1)
  const wasConfirmed = history.slice(0, -1).some((entry) => entry.status === 'confirmed')
  switch (status) {
    case 'new':
      return 'Received: we are checking with our guides'
    case 'contacted':
      return last?.action === 'propose'
        ? 'Other dates proposed: please choose one'
        : 'In discussion with our team'
    case 'confirmed':
      return 'Confirmed'
    case 'declined':
      return wasConfirmed ? 'Cancelled by us' : 'Not available: we could not offer it'
    case 'closed':
      if (last?.action === 'withdraw') return wasConfirmed ? 'Cancelled by you' : 'Withdrawn by you'
      if (last?.action === 'cancel-departure' || last?.action === 'accept-cancellation')
        return 'Cancelled by us: the departure did not go ahead'
      return 'No longer open'
    default:
      return 'Received: we are checking with our guides'
  }
}
