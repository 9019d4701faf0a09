import {useId, useState, type FormEvent} from 'react'
import {useNavigate} from 'react-router-dom'

import {
  ALL_CATEGORIES_LABEL,
  categoryTitle,
  QUICK_SEARCH_CATEGORY_ORDER,
} from '@repo/schemas/categories.ts'
import {addDays, todayInCapeTown} from '@repo/schemas/iso-date.ts'

/** Quick search: adults 1-20, children 0-10, earliest date two days ahead. */
export const QUICK_SEARCH_LIMITS = {
  adultsMin: 1,
  adultsMax: 20,
  childrenMin: 0,
  childrenMax: 10,
  leadDays: 2,
}

export type QuickSearchValues = {date: string; adults: number; children: number; category: string}

/** Where "Find Options" goes: the listing, with the chosen date and group. */
export function quickSearchHref({date, adults, children, category}: QuickSearchValues): string {
  const params = new URLSearchParams()
  if (category === 'bespoke') {
    if (date) params.set('date', date)
    params.set('paxA', String(adults))
    params.set('paxC', String(children))
    return `/questionnaire?${params}`
  }
  if (category && category !== 'all') params.set('category', category)
  if (date) params.set('date', date)
  params.set('paxA', String(adults))
  params.set('paxC', String(children))
  return `/experiences?${params}#results`
}

const range = (from: number, to: number) => Array.from({length: to - from + 1}, (_, i) => from + i)

export function QuickSearch({heading, buttonLabel}: {heading: string; buttonLabel: string}) {
  const navigate = useNavigate()
  const id = useId()
  const earliest = addDays(todayInCapeTown(), QUICK_SEARCH_LIMITS.leadDays)
  const [values, setValues] = useState<QuickSearchValues>({
    date: '',
    adults: 2,
    children: 0,
    category: 'all',
  })
  const [dateError, setDateError] = useState<string | null>(null)

  function onSubmit(event: FormEvent) {
    event.preventDefault()
    if (values.date && values.date < earliest) {
      setDateError('Please choose a date at least two days from today.')
      return
    }
    setDateError(null)
    navigate(quickSearchHref(values))
  }

  const categories = ['all', ...QUICK_SEARCH_CATEGORY_ORDER]
  return (
    <form className="quick-search" onSubmit={onSubmit} aria-labelledby={`${id}-heading`} noValidate>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${id}-date`}>Date</label>
          <input
            id={`${id}-date`}
            type="date"
            min={earliest}
            value={values.date}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
            onChange={(event) => setValues({...values, date: event.target.value})}
          />
          {dateError ? (
            <p id={`${id}-date-error`} role="alert" className="field__error">
              {dateError}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${id}-adults`}>Adults</label>
          <select
            id={`${id}-adults`}
            value={values.adults}
            onChange={(event) => setValues({...values, adults: Number(event.target.value)})}
          >
            {range(QUICK_SEARCH_LIMITS.adultsMin, QUICK_SEARCH_LIMITS.adultsMax).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-children`}>Children</label>
          <select
            id={`${id}-children`}
            value={values.children}
            onChange={(event) => setValues({...values, children: Number(event.target.value)})}
          >
            {range(QUICK_SEARCH_LIMITS.childrenMin, QUICK_SEARCH_LIMITS.childrenMax).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="field">
        <legend>Category</legend>
        <div className="filters">
          {categories.map((value) => (
            <label key={value} className="chip">
              <input
                type="radio"
                name={`${id}-category`}
                value={value}
                checked={values.category === value}
                onChange={() => setValues({...values, category: value})}
              />
              {value === 'all' ? ALL_CATEGORIES_LABEL : categoryTitle(value)}
            </label>
          ))}
        </div>
      </fieldset>
      {/* After the chips, so keyboard users meet every choice before the button. */}
      <button type="submit" className="button button--primary">
        {buttonLabel}
      </button>
    </form>
  )
}
