/** Where a purge by tag goes: the shared cache in front of the site. One adapter per kind, one interface. */
export type PurgeTarget = {
  readonly name: string
  /** Removes every cached page that carries one of `tags`; throws when the cache did not confirm it. */
  purge: (tags: readonly string[]) => Promise<void>
}

export type PurgeConfig =
  | {kind: 'varnish'; url: string; token: string}
  | {kind: 'cloudflare'; zoneId: string; token: string; apiUrl?: string | undefined}
  | {kind: 'fastly'; serviceId: string; token: string; apiUrl?: string | undefined}
  | {kind: 'generic'; url: string; token?: string | undefined}

type Fetch = typeof fetch

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

async function expectOk(response: Response, what: string) {
  if (response.ok) return
  const text = await response.text().catch(() => '')
  throw new Error(`${what} refused the purge: ${response.status} ${text.slice(0, 200)}`)
}

/**
 * Varnish with the xkey vmod (varnish-modules): a `PURGE` request carrying the keys in `xkey-purge`, which the
 * project's VCL (web/edge/site.vcl) accepts from its allowed addresses with its token (`X-Purge-Token`) only, and
 * answers with the count purged.
 */
export function varnishTarget(url: string, token: string, fetchImpl: Fetch = fetch): PurgeTarget {
  return {
    name: 'varnish',
    async purge(tags) {
      // Varnish reads one header; keep it well under its 8 KB limit for a header line.
      for (const batch of chunks(tags, 100)) {
        await expectOk(
          await fetchImpl(url, {
            method: 'PURGE',
            headers: {'xkey-purge': batch.join(' '), 'x-purge-token': token},
          }),
          'Varnish',
        )
      }
    },
  }
}

/** Cloudflare's purge by `Cache-Tag` (`POST /zones/:zone/purge_cache` with `tags`, at most 100 a call). */
function cloudflareTarget(
  {
    zoneId,
    token,
    apiUrl = 'https://api.cloudflare.com/client/v4',
  }: {zoneId: string; token: string; apiUrl?: string | undefined},
  fetchImpl: Fetch = fetch,
): PurgeTarget {
  return {
    name: 'cloudflare',
    async purge(tags) {
      for (const batch of chunks(tags, 100)) {
        const response = await fetchImpl(
          `${apiUrl}/zones/${encodeURIComponent(zoneId)}/purge_cache`,
          {
            method: 'POST',
            headers: {'authorization': `Bearer ${token}`, 'content-type': 'application/json'},
            body: JSON.stringify({tags: batch}),
          },
        )
        await expectOk(response, 'Cloudflare')
      }
    },
  }
}

/** Fastly's purge by `Surrogate-Key` (`POST /service/:id/purge` with the keys in a `Surrogate-Key` header, 256 a call). */
function fastlyTarget(
  {
    serviceId,
    token,
    apiUrl = 'https://api.fastly.com',
  }: {serviceId: string; token: string; apiUrl?: string | undefined},
  fetchImpl: Fetch = fetch,
): PurgeTarget {
  return {
    name: 'fastly',
    async purge(tags) {
      for (const batch of chunks(tags, 256)) {
        const response = await fetchImpl(
          `${apiUrl}/service/${encodeURIComponent(serviceId)}/purge`,
          {
            method: 'POST',
            headers: {
              'fastly-key': token,
              'surrogate-key': batch.join(' '),
              'accept': 'application/json',
            },
          },
        )
        await expectOk(response, 'Fastly')
      }
    },
  }
}

/** Any other cache: `POST {"tags": [...]}` as JSON to a URL, with a bearer token when configured. */
function genericTarget(
  {url, token}: {url: string; token?: string | undefined},
  fetchImpl: Fetch = fetch,
): PurgeTarget {
  return {
    name: 'generic',
    async purge(tags) {
      const headers: Record<string, string> = {'content-type': 'application/json'}
      if (token) headers.authorization = `Bearer ${token}`
      await expectOk(
        await fetchImpl(url, {method: 'POST', headers, body: JSON.stringify({tags})}),
        'The purge endpoint',
      )
    },
  }
}

export function purgeTarget(config: PurgeConfig, fetchImpl: Fetch = fetch): PurgeTarget {
  switch (config.kind) {
    case 'varnish':
      return varnishTarget(config.url, config.token, fetchImpl)
    case 'cloudflare':
      return cloudflareTarget(config, fetchImpl)
    case 'fastly':
      return fastlyTarget(config, fetchImpl)
    case 'generic':
      return genericTarget(config, fetchImpl)
  }
}
