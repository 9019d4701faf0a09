import http from 'node:http'

import {startSmtpListener} from '../../../functions/lib/testing/smtp-listener.ts'
import {e2eEnvironment} from '../e2e-environment.ts'
import {decodeMail} from './decode-mail.ts'

/**
 * The end-to-end stack's mail server: the real SMTP listener the function tests use, on the port the site's
 * `SMTP_URL` names, and a small HTTP endpoint on another port for the tests to read it:
 * `GET /messages` lists what arrived (envelope, headers, decoded text and HTML, the raw message), and
 * `DELETE /messages` forgets it. Playwright starts it before the stack (tests/playwright.config.ts).
 */
const env = e2eEnvironment()
const smtp = await startSmtpListener(env.smtpPort)

const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', env.mailSinkUrl)
  if (url.pathname !== '/messages') {
    response.writeHead(404).end()
  } else if (request.method === 'GET') {
    const messages = smtp.received.map((mail, index) => ({index, ...mail, ...decodeMail(mail.raw)}))
    response.writeHead(200, {'content-type': 'application/json'}).end(JSON.stringify(messages))
  } else if (request.method === 'DELETE') {
    smtp.received.splice(0)
    response.writeHead(204).end()
  } else {
    response.writeHead(405, {allow: 'GET, DELETE'}).end()
  }
})
await new Promise<void>((resolve) => server.listen(env.mailSinkPort, '127.0.0.1', resolve))
console.log(`Mail sink: SMTP ${smtp.url}, messages at ${env.mailSinkUrl}/messages`)

function stop() {
  server.close()
  server.closeAllConnections()
  void smtp.close().finally(() => process.exit(0))
  setTimeout(() => process.exit(0), 2_000).unref()
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
