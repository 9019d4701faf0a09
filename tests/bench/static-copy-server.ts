import fs from 'node:fs'
import {createServer} from 'node:http'
import type {AddressInfo} from 'node:net'

/**
 * The edge bench's ceiling, in its own process (the load generator must not share its event loop): a plain Node
 * server returning the bytes in `<dir>/copies.json` from memory. Prints its port once listening.
 */
type Copy = {path: string; encoded: boolean; body: string; headers: Record<string, string>}

/**
 * Hop-by-hop headers (RFC 9110 §7.6.1) describe the one connection they came on, not the response: copying the
 * site's `Connection: close` made every copy close its connection too, hiding the site's reconnects from the bench.
 */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']

/** The copied headers without those that belong to the connection, and those its `Connection` header names. */
function endToEndHeaders(headers: Record<string, string>) {
  const named = (headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase())
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => !HOP_BY_HOP.includes(name.toLowerCase()) && !named.includes(name.toLowerCase()),
    ),
  )
}

const copies = new Map<string, {body: Buffer; headers: Record<string, string>}>()
for (const copy of JSON.parse(fs.readFileSync(process.argv[2]!, 'utf8')) as Copy[])
  copies.set(`${copy.path} ${copy.encoded}`, {
    body: Buffer.from(copy.body, 'base64'),
    headers: endToEndHeaders(copy.headers),
  })

const server = createServer((req, res) => {
  // As the site chooses (Varnish in front asks for "br" alone): an encoded copy when the client takes one.
  const copy = copies.get(
    `${req.url} ${/\b(br|gzip)\b/.test(req.headers['accept-encoding'] ?? '')}`,
  )
  if (!copy) return res.writeHead(404).end()
  res.writeHead(200, {
    ...copy.headers,
    'vary': 'Accept-Encoding',
    'cache-control': 'public, max-age=600',
    'content-length': String(copy.body.byteLength),
  })
  res.end(copy.body)
})
server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port))
