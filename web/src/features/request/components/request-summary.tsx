import type {TravellerRequestView} from '@repo/schemas/request-decisions.ts'

/** The request's facts, as the acknowledgement mail gave them, with where it stands now and where to meet. */
export function RequestSummary({request}: {request: TravellerRequestView}) {
  const point = request.meetingPoint
  return (
    <dl className="request-summary">
      <dt>Reference</dt>
      <dd data-testid="request-reference">{request.reference}</dd>
      <dt>Experience</dt>
      <dd>{request.experience}</dd>
      {/* One line for when the trip starts: the day with its start (or the time asked for), never both. */}
      <dt>When</dt>
      <dd data-testid="request-when">{request.when}</dd>
      <dt>Group</dt>
      <dd>{request.group}</dd>
      {point ? (
        <>
          <dt>Meeting point</dt>
          <dd data-testid="request-meeting-point">
            {point.name}
            {point.address ? <>, {point.address}</> : null}
            {point.mapLink ? (
              <>
                {' '}
                <a href={point.mapLink} rel="noopener noreferrer" target="_blank">
                  Open the map <span className="visually-hidden">(opens in a new tab)</span>
                </a>
              </>
            ) : null}
          </dd>
        </>
      ) : null}
      <dt>Status</dt>
      <dd data-testid="request-status">{request.statusTitle}</dd>
    </dl>
  )
}
