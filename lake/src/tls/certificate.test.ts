import {X509Certificate} from 'node:crypto'
import {readFile, stat, writeFile} from 'node:fs/promises'
import {connect, createSecureServer} from 'node:http2'
import {createServer, request} from 'node:https'
import type {AddressInfo} from 'node:net'

import {afterEach, beforeEach, describe, expect, it} from 'vitest'

import {tempDataDir} from '../assets/test-images.ts'
import {certificatePaths, loadOrCreateCertificate} from './certificate.ts'

const DAY = 24 * 60 * 60 * 1000

describe('loadOrCreateCertificate', () => {
  let dataDir: string
  let cleanup: () => Promise<void>
  beforeEach(async () => ({dataDir, cleanup} = await tempDataDir()))
  afterEach(() => cleanup())

  it('creates a certificate for localhost, each project host and the loopback addresses', async () => {
    const {cert, key} = await loadOrCreateCertificate({dataDir, hostnames: ['local.localhost']})
    const x509 = new X509Certificate(cert)
    expect(x509.subjectAltName).toContain('DNS:localhost')
    expect(x509.subjectAltName).toContain('DNS:local.localhost')
    expect(x509.subjectAltName).not.toContain('*')
    expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1')
    expect(x509.checkIP('::1')).toBeDefined()
    expect(x509.checkHost('other.localhost')).toBeUndefined()
    const validTo = new Date(x509.validTo).getTime()
    expect(validTo - Date.now()).toBeGreaterThan(360 * DAY)
    expect(new Date(x509.validFrom).getTime()).toBeLessThanOrEqual(Date.now())

    const paths = certificatePaths(dataDir)
    expect(await readFile(paths.cert, 'utf8')).toBe(cert)
    expect(await readFile(paths.key, 'utf8')).toBe(key)
    expect((await stat(paths.key)).mode & 0o077).toBe(0)
  })

  it('reuses the stored certificate instead of generating a new one', async () => {
    const first = await loadOrCreateCertificate({dataDir, hostnames: ['local.localhost']})
    const second = await loadOrCreateCertificate({dataDir, hostnames: ['local.localhost']})
    expect(second).toEqual(first)
    // A subset of the covered names also reuses it.
    expect(await loadOrCreateCertificate({dataDir})).toEqual(first)
  })

  it('regenerates when a new name is needed, when nearly expired, and when the files are damaged', async () => {
    const first = await loadOrCreateCertificate({dataDir, hostnames: ['local.localhost']})
    const widened = await loadOrCreateCertificate({
      dataDir,
      hostnames: ['local.localhost', 'demo.localhost'],
    })
    expect(widened.cert).not.toBe(first.cert)
    expect(new X509Certificate(widened.cert).checkHost('demo.localhost')).toBe('demo.localhost')

    const later = new Date(Date.now() + 350 * DAY)
    const renewed = await loadOrCreateCertificate({
      dataDir,
      hostnames: ['demo.localhost'],
      now: later,
    })
    expect(renewed.cert).not.toBe(widened.cert)
    expect(new Date(new X509Certificate(renewed.cert).validTo).getTime()).toBeGreaterThan(
      later.getTime() + 300 * DAY,
    )

    await writeFile(certificatePaths(dataDir).cert, 'not a certificate')
    const repaired = await loadOrCreateCertificate({dataDir})
    expect(() => new X509Certificate(repaired.cert)).not.toThrow()
  })

  it('serves HTTPS that a client trusting the certificate accepts', async () => {
    const credentials = await loadOrCreateCertificate({dataDir, hostnames: ['local.localhost']})
    const server = createServer(credentials, (_req, res) => res.end('hello over TLS'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const {port} = server.address() as AddressInfo
    try {
      const get = (servername: string) =>
        new Promise<string>((resolve, reject) => {
          const req = request(
            {host: '127.0.0.1', port, path: '/', servername, ca: credentials.cert},
            (res) => {
              let body = ''
              res.on('data', (chunk) => (body += chunk))
              res.on('end', () => resolve(body))
            },
          )
          req.on('error', reject)
          req.end()
        })
      expect(await get('localhost')).toBe('hello over TLS')
      expect(await get('local.localhost')).toBe('hello over TLS')
      await expect(get('elsewhere.example')).rejects.toThrow(/altnames|Hostname/i)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })

  it('serves HTTP/2 over TLS, as the studio needs', async () => {
    const credentials = await loadOrCreateCertificate({dataDir})
    const server = createSecureServer({...credentials, allowHTTP1: true}, (req, res) =>
      res.end(`HTTP/${req.httpVersion}`),
    )
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const {port} = server.address() as AddressInfo
    const session = connect(`https://127.0.0.1:${port}`, {
      ca: credentials.cert,
      servername: 'localhost',
    })
    try {
      const body = await new Promise<string>((resolve, reject) => {
        const stream = session.request({':path': '/'})
        let text = ''
        stream.on('data', (chunk) => (text += chunk))
        stream.on('end', () => resolve(text))
        stream.on('error', reject)
        stream.end()
      })
      expect(body).toBe('HTTP/2.0')
    } finally {
      session.close()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
