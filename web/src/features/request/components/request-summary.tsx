import {formatDateInWords} from '@repo/schemas/format-date.ts'

import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'

/** The request's facts, as the acknowledgement mail gave them, with where it stands now. */
export function RequestSummary({request}: {request: TravellerRequestView}) {
  return (
    <dl className="request-summary">
      <dt>Reference</dt>
      <dd data-testid="request-reference">{request.reference}</dd>
      <dt>Experience</dt>
      <dd>{request.experience}</dd>
      <dt>Date</dt>
      <dd>{formatDateInWords(request.date)}</dd>
      <dt>Time</dt>
      <dd>{request.time}</dd>
      <dt>Group</dt>
      <dd>{request.group}</dd>
      <dt>Status</dt>
      <dd data-testid="request-status">{request.statusTitle}</dd>
    </dl>
  )
}
