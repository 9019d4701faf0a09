import {formatLongDateTime} from '@repo/schemas/format-date.ts'
import {departureInWords} from '@repo/schemas/request-decisions.ts'

import type {TravellerOption, TravellerRequestView} from '@repo/schemas/request-decisions.ts'

export const optionInWords = (option: TravellerOption) =>
  departureInWords({date: option.date, preferred_time: option.time})

/** What has happened to the request, oldest first, with what the team wrote to the traveller. */
export function RequestTimeline({history}: {history: TravellerRequestView['history']}) {
  return (
    <ol className="request-timeline">
      {history.map((entry) => (
        <li key={entry.key}>
          <h3>{entry.title}</h3>
          <p>
            <time dateTime={entry.at}>{formatLongDateTime(entry.at)}</time>
          </p>
          {entry.message ? (
            <blockquote>
              <p>{entry.message}</p>
            </blockquote>
          ) : null}
          {entry.options?.length ? (
            <ul>
              {entry.options.map((option) => (
                <li key={option.key}>{optionInWords(option)}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  )
}
