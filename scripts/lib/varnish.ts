import {varnishInstalled} from '../../server/edge/varnish.ts'
import {ensureAptPackages} from './ensure-apt-packages.ts'

export {
  edgePurgeToken,
  startVarnish,
  varnishdSays,
  varnishInstalled,
  type VarnishOptions,
} from '../../server/edge/varnish.ts'

/**
 * The edge tests run Varnish in front of the site, as a CDN would be. Installs Debian's `varnish` and
 * `varnish-modules` with apt when missing and running as root, as CI does.
 */
export const ensureVarnish = () => ensureAptPackages('Varnish', ['varnish', 'varnish-modules'], varnishInstalled)

