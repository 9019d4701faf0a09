import {useId, type Dispatch, type SetStateAction} from 'react'

/** The "From" and "To" dates of a dashboard view's range (Departures, Reports); `problemId` names the range's problem. */
export function DateRangeFields<Range extends {from: string; to: string}>({
  range,
  setRange,
  problemId,
}: {
  range: Range
  setRange: Dispatch<SetStateAction<Range>>
  problemId: string | undefined
}) {
  const ids = {from: useId(), to: useId()}
  return (
    <>
      <div className="field">
        <label htmlFor={ids.from}>From</label>
        <input
          id={ids.from}
          type="date"
          value={range.from}
          aria-describedby={problemId}
          onChange={(event) => setRange((r) => ({...r, from: event.target.value}))}
        />
      </div>
      <div className="field">
        <label htmlFor={ids.to}>To</label>
        <input
          id={ids.to}
          type="date"
          value={range.to}
          aria-describedby={problemId}
          onChange={(event) => setRange((r) => ({...r, to: event.target.value}))}
        />
      </div>
    </>
  )
}
