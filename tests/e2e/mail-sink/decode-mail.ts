/**
 * Just enough MIME to read what nodemailer sends: unfolded headers with encoded words, and the text and HTML
 * parts of a multipart message decoded from quoted-printable or base64. Long lines are soft-wrapped and
 * non-ASCII text (the em dash in "No payment required at this stage — just planning.") is encoded, so
 * searching the raw message would miss both. Not a general parser: `mailparser` is not a dependency.
 */
export type DecodedMail = {
  headers: Record<string, string>
  subject: string
  messageId: string
  text: string
  html: string
  /** The decoded `text/calendar` part (a calendar invitation), and its Content-Type with the method. */
  calendar: string
  calendarType: string
}

type Part = {headers: Record<string, string>; body: string}

function splitPart(source: string): Part {
  const match = /\r?\n\r?\n/.exec(source)
  const head = match ? source.slice(0, match.index) : source
  const body = match ? source.slice(match.index + match[0].length) : ''
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return {headers, body}
}

function decodeQuotedPrintable(value: string): Buffer {
  const soft = value.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3)
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes)
}

function decodeBody(part: Part): string {
  const encoding = (part.headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (encoding === 'base64')
    return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8')
  return part.body
}

/** RFC 2047 encoded words (`=?UTF-8?Q?…?=`, `=?UTF-8?B?…?=`), as nodemailer writes non-ASCII headers. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    )
}

function leaves(part: Part): Part[] {
  const type = part.headers['content-type'] ?? 'text/plain'
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1]
  if (!type.toLowerCase().startsWith('multipart/') || !boundary) return [part]
  return part.body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .flatMap((chunk) => leaves(splitPart(chunk.replace(/^\r?\n/, ''))))
}

export function decodeMail(raw: string): DecodedMail {
  const message = splitPart(raw)
  const headers = Object.fromEntries(
    Object.entries(message.headers).map(([name, value]) => [name, decodeHeader(value)]),
  )
  const parts = leaves(message)
  const body = (type: string) =>
    parts
      .filter((part) =>
        (part.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type),
      )
      .map(decodeBody)
      .join('\n')
  return {
    headers,
    subject: headers.subject ?? '',
    messageId: headers['message-id'] ?? '',
    text: body('text/plain'),
    html: body('text/html'),
    calendar: body('text/calendar'),
    calendarType:
      parts.find((part) => (part.headers['content-type'] ?? '').toLowerCase().startsWith('text/calendar'))
        ?.headers['content-type'] ?? '',
  }
}
