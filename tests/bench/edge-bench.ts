import fs from 'node:fs'
import {spawn} from 'node:child_process'
import {request} from 'node:http'
import os from 'node:os'
import path from 'node:path'

import autocannon from 'autocannon'

import {startVarnish, varnishInstalled} from '../../scripts/lib/varnish.ts'
import {waitForUrl} from '../../scripts/lib/wait-for-url.ts'
import {startProduct} from './start-product.ts'
import type {BenchResult} from './stats.ts'

/**
 * `npm run bench -- edge`: public pages served three ways in one run, 16 connections for 10 s each (autocannon):
 * a plain Node server returning the same bytes from memory (the ceiling), the site with its rendered-page cache,
 * Varnish in front of it (`npm start -- --edge`), and the same Varnish in front of the static server (its rate on a
 * static object of the same bytes), with and without `Accept-Encoding`. Goals: the origin's kept pages at ≥ 2,000
 * req/s with p99 ≤ 20 ms and at least half the static server’s rate (on keep-alive connections); Varnish on a page at ≥ 90 % of its rate
 * on a static object. Ratios within one run matter most on a shared machine.
 */
const root = path.resolve(import.meta.dirname, '../..')
const SITE_PORT = 3260
const LAKE_PORT = 3593
const EDGE_PORT = 3270
const STATIC_EDGE_PORT = 3271
const PAGES = ['/', '/experiences', '/experiences/lions-head-sunset-hike']
const ENCODINGS: {label: string; headers: Record<string, string>}[] = [
  {label: 'uncompressed', headers: {}},
  {label: 'br, gzip', headers: {'accept-encoding': 'br, gzip'}},
]
const DURATION_S = Number(process.env.EDGE_BENCH_SECONDS ?? 10)

type Load = {reqPerSec: number; p50: number; p99: number; non2xx: number; errors: number}

async function load(url: string, headers: Record<string, string>): Promise<Load> {
  const result = await autocannon({url, connections: 16, duration: DURATION_S, headers})
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }
}

/** Headers the static copy sets itself, or that belong to one moment (it drops those of one connection itself). */
const NOT_COPIED = new Set(['date', 'content-length', 'cache-control', 'vary'])

/**
 * A page as the site sent it (encoded, as fetch would not keep it), with the site's own headers (the policy, the
 * ETag, the purge keys…): the static copy then sends the same response, so a ratio compares serving, not bytes.
 */
function sentBytes(url: string, headers: Record<string, string>) {
  return new Promise<{body: Buffer; headers: Record<string, string>}>((resolve, reject) => {
    request(url, {headers}, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({
          body: Buffer.concat(chunks),
          headers: Object.fromEntries(
            Object.entries(res.headers)
              .filter(([name, value]) => !NOT_COPIED.has(name) && typeof value === 'string')
              .map(([name, value]) => [name, value as string]),
          ),
        }),
      )
      res.on('error', reject)
    })
      .on('error', reject)
      .end()
  })
}

/** A plain Node server, in its own process, returning the site's bytes for each page and encoding from memory. */
async function startStaticCopy(origin: string) {
  const copies = []
  for (const path of PAGES)
    for (const {headers} of ENCODINGS) {
      const sent = await sentBytes(`${origin}${path}`, headers)
      copies.push({
        path,
        encoded: 'accept-encoding' in headers,
        body: sent.body.toString('base64'),
        headers: sent.headers,
      })
    }
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'edge-bench-copies-')),
    'copies.json',
  )
  fs.writeFileSync(file, JSON.stringify(copies))
  const child = spawn(
    process.execPath,
    [path.join(import.meta.dirname, 'static-copy-server.ts'), file],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim())))
    child.once('exit', (code) => reject(new Error(`The static copy server stopped (${code})`)))
  })
  return {url: `http://127.0.0.1:${port}`, port, close: () => child.kill('SIGTERM')}
}

export async function benchEdge(): Promise<BenchResult[]> {
  if (!varnishInstalled())
    throw new Error('The edge bench needs Varnish: apt-get install -y varnish varnish-modules')
  const product = await startProduct('edge', {
    sitePort: SITE_PORT,
    lakePort: LAKE_PORT,
    env: {EDGE_PORT: String(EDGE_PORT)},
    args: ['--edge'],
  })
  const origin = `http://127.0.0.1:${SITE_PORT}`
  const edge = `http://127.0.0.1:${EDGE_PORT}`
  const results: BenchResult[] = []
  const copy = await startStaticCopy(origin)
  // The same Varnish and VCL in front of the static copy: its rate on static objects of the same bytes.
  const staticEdge = `http://127.0.0.1:${STATIC_EDGE_PORT}`
  const staticVarnish = startVarnish(root, {
    port: STATIC_EDGE_PORT,
    sitePort: copy.port,
    workDir: fs.mkdtempSync(path.join(os.tmpdir(), 'edge-bench-varnish-')),
  })
  staticVarnish.stdout?.resume()
  staticVarnish.stderr?.resume()
  await waitForUrl(`${staticEdge}/`)
  const report = (name: string, figures: Load, extra: Record<string, string | number> = {}) => {
    results.push({
      name,
      unit: 'req/s',
      samples: [figures.reqPerSec],
      extra: {
        p50Ms: figures.p50,
        p99Ms: figures.p99,
        ...extra,
        ...(figures.non2xx || figures.errors
          ? {non2xx: figures.non2xx, errors: figures.errors}
          : {}),
      },
    })
    console.log(
      `  ${name}: ${figures.reqPerSec} req/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms`,
    )
  }
  try {
    // Varnish starts its worker threads as the first load arrives: one short load first, not measured.
    await autocannon({url: `${edge}/`, connections: 16, duration: 2})
    await autocannon({url: `${staticEdge}/`, connections: 16, duration: 2})
    for (const {label, headers} of ENCODINGS) {
      for (const path of PAGES) {
        // Warm both caches first: the figures are for kept pages.
        for (let i = 0; i < 2; i++) {
          await fetch(`${origin}${path}`, {headers})
          await fetch(`${edge}${path}`, {headers})
          await fetch(`${staticEdge}${path}`, {headers})
        }
        const plain = await load(`${copy.url}${path}`, headers)
        report(`edge static server ${path}, ${label}`, plain)
        const site = await load(`${origin}${path}`, headers)
        report(`edge origin (kept page) ${path}, ${label}`, site, {
          ofStatic: `${Math.round((site.reqPerSec / plain.reqPerSec) * 100)} %`,
        })
        const staticObject = await load(`${staticEdge}${path}`, headers)
        report(`edge varnish, static object of the same bytes ${path}, ${label}`, staticObject)
        const varnish = await load(`${edge}${path}`, headers)
        report(`edge varnish in front of the site ${path}, ${label}`, varnish, {
          ofStaticObject: `${Math.round((varnish.reqPerSec / staticObject.reqPerSec) * 100)} %`,
        })
      }
    }
  } finally {
    staticVarnish.kill('SIGTERM')
    copy.close()
    await product.stop()
  }
  return results
}
