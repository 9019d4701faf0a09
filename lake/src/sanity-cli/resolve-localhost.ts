import dns from 'node:dns'

/**
 * Loaded with `node --import` into Sanity's CLI when it talks to the lake. The CLI calls project APIs at
 * `<projectId>.<apiHost>` (`local.localhost:3333`); browsers resolve every `*.localhost` name to this
 * machine (RFC 6761), Node asks the system resolver, which here knows only `localhost`. So do what the
 * browser does, for `.localhost` names only.
 */
const lookup = dns.lookup
const patched = function (this: unknown, hostname: string, ...rest: unknown[]) {
  const name = typeof hostname === 'string' && hostname.endsWith('.localhost') ? 'localhost' : hostname
  return (lookup as (...args: unknown[]) => unknown).call(this, name, ...rest)
}
dns.lookup = patched as typeof dns.lookup
