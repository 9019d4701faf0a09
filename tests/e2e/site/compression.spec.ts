import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import {brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync} from 'node:zlib'

import {env, expect, test} from '../fixtures.ts'

// The browser's files are compressed once at build time (brotli at best quality, gzip as the fallback)
// and sent as the browser accepts them, long-cached as before.

const clientDir = path.resolve(import.meta.dirname, '../../../web/dist/client')
const manifest = () =>
  JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    {file: string; isEntry?: boolean; css?: string[]; imports?: string[]}
  >

/** The bytes the server sends for `file` with this Accept-Encoding, undecoded, and its headers. */
function fetchRaw(file: string, acceptEncoding: string) {
  return new Promise<{status: number; headers: http.IncomingHttpHeaders; body: Buffer}>(
    (resolve, reject) => {
      http
        .get(
          `${env.siteUrl}/${file}`,
          {headers: {'Accept-Encoding': acceptEncoding}},
          (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () =>
              resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks),
              }),
            )
          },
        )
        .on('error', reject)
    },
  )
}

test('the entry script and stylesheet go out precompressed as brotli, else gzip, else as they are', async () => {
  const entry = Object.values(manifest()).find((chunk) => chunk.isEntry)!
  for (const file of [entry.file, ...(entry.css ?? [])]) {
    const original = fs.readFileSync(path.join(clientDir, file))

    const br = await fetchRaw(file, 'gzip, deflate, br, zstd')
    expect(br.status, file).toBe(200)
    expect(br.headers['content-encoding'], file).toBe('br')
    expect(br.headers.vary).toMatch(/Accept-Encoding/i)
    expect(br.headers['cache-control']).toMatch(/immutable/)
    // The file made at build time, not a compression made per request.
    expect(br.body.equals(fs.readFileSync(path.join(clientDir, `${file}.br`))), file).toBe(true)
    expect(brotliDecompressSync(br.body).equals(original), file).toBe(true)

    const gz = await fetchRaw(file, 'gzip')
    expect(gz.headers['content-encoding'], file).toBe('gzip')
    expect(gunzipSync(gz.body).equals(original), file).toBe(true)

    const plain = await fetchRaw(file, 'identity')
    expect(plain.headers['content-encoding'], file).toBeUndefined()
    expect(plain.body.equals(original), file).toBe(true)
  }
})

test('every script of the listing’s first load goes out compressed, the chunks under 1 KB too', async () => {
  const chunks = manifest()
  const files = new Set<string>()
  const add = (key: string) => {
    const chunk = chunks[key]!
    if (files.has(chunk.file)) return
    files.add(chunk.file)
    for (const imported of chunk.imports ?? []) add(imported)
  }
  add('index.html')
  add('src/app/routes/experiences.tsx')
  const small = [...files].filter((file) => fs.statSync(path.join(clientDir, file)).size < 1024)
  // A dozen small chunks, a few hundred bytes each: sent as they are they would cost the first load ~5 KB.
  expect(small.length).toBeGreaterThan(3)
  for (const file of files) {
    const original = fs.readFileSync(path.join(clientDir, file))
    const best = brotliCompressSync(original, {params: {[constants.BROTLI_PARAM_QUALITY]: 11}})
    // Only a file that compression would not make smaller goes out as it is (none today).
    if (best.length >= original.length) continue
    const br = await fetchRaw(file, 'gzip, br')
    expect(br.headers['content-encoding'], file).toBe('br')
    expect(br.body.length, file).toBeLessThan(original.length)
    expect(brotliDecompressSync(br.body).equals(original), file).toBe(true)
    // The gzip copies are Zopfli's, which every gzip reader reads; gzip's own 18 bytes outweigh the tiniest.
    if (gzipSync(original, {level: 9}).length >= original.length) continue
    const gz = await fetchRaw(file, 'gzip')
    expect(gz.headers['content-encoding'], file).toBe('gzip')
    expect(gunzipSync(gz.body).equals(original), file).toBe(true)
  }
})
