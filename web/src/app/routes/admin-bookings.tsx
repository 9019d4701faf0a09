import {Seo} from '../../components/seo'

/**
 * The staff dashboard's route. Loaded as its own chunk only when visited, so public pages never download it; the
 * sign-in and booking table (spec §2 Admin dashboard) belong to the staff work.
 */
export function AdminBookingsPage() {
  return (
    <section className="container page-section status-page">
      <Seo
        title="Booking Management"
        description="Staff dashboard."
        path="/admin/bookings"
        noindex
      />
      <h1>Admin Access Required</h1>
      <div data-slot="admin-dashboard" />
    </section>
  )
}
