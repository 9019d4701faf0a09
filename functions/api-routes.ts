import {Hono} from 'hono'

import {staffRoutes} from './staff/staff-routes.ts'

/** Every function the site serves under `/api`, mounted by `web/server/main.ts`. */
export const apiRoutes = new Hono()
apiRoutes.route('/staff', staffRoutes)
