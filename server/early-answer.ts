import type {IncomingMessage, OutgoingHttpHeaders, ServerResponse} from 'node:http'
import type {Socket} from 'node:net'

type Listener = (req: IncomingMessage, res: ServerResponse) => void

/** How long a connection answered before its body arrived stays open to read and drop the rest, at most. */
export const LINGER_MS = 5_000

const originalDestroySoon = new WeakMap<Socket, Socket['destroySoon']>()
const lingering = new WeakSet<Socket>()

/**
 * Half-closes after the answer, drops what the client still sends, and closes when the client does (or after
 * LINGER_MS): a lingering close, as nginx's `lingering_close`. Closing outright with the client's bytes unread
 * makes the system reset the connection, and a reset can throw the answer away before the client has read it.
 */
function lingeringClose(socket: Socket, req: IncomingMessage) {
  if (socket.destroyed || lingering.has(socket)) return
  lingering.add(socket)
  const timer = setTimeout(() => socket.destroy(), LINGER_MS)
  timer.unref()
  socket.once('close', () => clearTimeout(timer))
  socket.once('end', () => socket.destroy())
  socket.end()
  // The body is read through the request, whose stream the handler may have left paused (a body stream nobody
  // reads applies back-pressure): nothing reads it any more, so it flows into nothing.
  req.removeAllListeners('data')
  req.on('data', () => {})
  req.resume()
}

/**
 * Whether the request's body has all been read, or it has none: a GET with neither Content-Length nor
 * Transfer-Encoding (or Content-Length: 0) has nothing to read, though Node marks it `complete` only after the
 * 'request' event, so an answer written in that turn (a kept page, from memory) would otherwise close a connection
 * with nothing left on it.
 */
function bodyRead(req: IncomingMessage) {
  if (req.complete) return true
  const {'content-length': length, 'transfer-encoding': coding} = req.headers
  return coding === undefined && (length === undefined || Number(length) === 0)
}

/**
 * Requests answered before their body has arrived (a 413 for a body over the limit, a 403 or 404 that never reads
 * one) are answered whole: the answer says `Connection: close`, as the rest of the body stands between it and any
 * next request on the connection, and the connection ends with a lingering close instead of a reset. Ordinary
 * requests, read to the end before the answer or without a body, keep their keep-alive connection.
 */
export function answerBeforeBody(listener: Listener): Listener {
  return (req, res) => {
    const socket = req.socket
    if (!originalDestroySoon.has(socket)) originalDestroySoon.set(socket, socket.destroySoon)
    // Node ends a `Connection: close` answer with destroySoon(): lingering while this request's body is unread.
    socket.destroySoon = function (this: Socket) {
      if (bodyRead(req)) originalDestroySoon.get(this)!.call(this)
      else lingeringClose(this, req)
    }
    const writeHead = res.writeHead.bind(res) as (
      status: number,
      headers?: OutgoingHttpHeaders,
    ) => ServerResponse
    res.writeHead = ((status: number, ...rest: unknown[]) => {
      if (!bodyRead(req)) res.setHeader('Connection', 'close')
      // writeHead(status, [statusMessage], [headers]): headers set above are merged with the ones passed.
      return (writeHead as (...args: unknown[]) => ServerResponse)(status, ...rest)
    }) as ServerResponse['writeHead']
    listener(req, res)
  }
}
