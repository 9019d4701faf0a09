import {Seo} from '../../components/seo'
import {AdminDashboard} from '../../features/admin/components/admin-dashboard'

/**
 * The staff dashboard's route. Loaded as its own chunk only when visited, so public pages never download it.
 * Bookings never reach the browser without a staff session checked by the server.
 */
export function AdminBookingsPage() {
  return (
    <section className="container page-top admin-page">
      <Seo
        title="Booking Management"
        description="Staff dashboard."
        path="/admin/bookings"
        noindex
      />
      <AdminDashboard />
    </section>
  )
}
