import type {BookingList} from '@repo/schemas/staff-bookings.ts'

/** Previous and next page of the list, shown only when there is more than one. */
export function BookingPages({
  list,
  onPage,
}: {
  list: BookingList | undefined
  onPage: (page: number) => void
}) {
  if (!list || (list.page <= 1 && !list.hasMore)) return null
  return (
    <nav className="admin-pages" aria-label="Pages of bookings">
      <button
        type="button"
        className="button button--ghost"
        disabled={list.page <= 1}
        onClick={() => onPage(list.page - 1)}
      >
        Previous page
      </button>
      <span aria-current="page">Page {list.page}</span>
      <button
        type="button"
        className="button button--ghost"
        disabled={!list.hasMore}
        onClick={() => onPage(list.page + 1)}
      >
        Next page
      </button>
    </nav>
  )
}
