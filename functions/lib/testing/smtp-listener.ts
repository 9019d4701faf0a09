import {createRequire} from 'node:module'
import type {AddressInfo} from 'node:net'

/** A real SMTP listener on a free port (the `smtp-server` package), collecting what it receives. */
/** `at` is when the message was received (performance.now()), for mails-per-second figures. */
export type ReceivedMail = {from: string; to: string[]; raw: string; at: number}

type SMTPServerInstance = {
  listen: (port: number, host: string, cb: () => void) => void
  close: (cb: () => void) => void
  server: {address: () => AddressInfo}
}
type SMTPServerCtor = new (options: {
  authOptional: boolean
  disabledCommands: string[]
  onData: (
    stream: NodeJS.ReadableStream,
    session: {envelope: {mailFrom: {address: string} | false; rcptTo: {address: string}[]}},
    callback: (error?: Error | null) => void,
  ) => void
}) => SMTPServerInstance

// The package ships no types; this is the slice the tests use.
const {SMTPServer} = createRequire(import.meta.url)('smtp-server') as {SMTPServer: SMTPServerCtor}

export async function startSmtpListener(port = 0) {
  const received: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          at: performance.now(),
        })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const actualPort = server.server.address().port
  return {
    received,
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  }
}
