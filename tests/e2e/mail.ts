import {e2eEnvironment} from './e2e-environment.ts'

/**
 * What the mail sink (mail-sink/main.ts) received over SMTP from the site's functions. Delivery is
 * asynchronous (the functions' outbox sends after the request has been answered), so read it with
 * `expect.poll`: `await expect.poll(() => mailsContaining(ref)).toHaveLength(2)`.
 */
export type ReceivedMail = {
  index: number
  /** SMTP envelope. */
  from: string
  to: string[]
  /** Lower-case header names, values unfolded and decoded. */
  headers: Record<string, string>
  subject: string
  messageId: string
  /** The decoded text and HTML parts. */
  text: string
  html: string
  /** The decoded calendar invitation (`text/calendar` part), empty without one; its Content-Type. */
  calendar: string
  calendarType: string
  raw: string
}

const {mailSinkUrl} = e2eEnvironment()

export async function receivedMails(): Promise<ReceivedMail[]> {
  const response = await fetch(`${mailSinkUrl}/messages`)
  if (!response.ok) throw new Error(`Mail sink: ${response.status} ${response.statusText}`)
  return (await response.json()) as ReceivedMail[]
}

/** Mails whose subject, headers or decoded text or HTML contain `text` (a booking reference, an address). */
export async function mailsContaining(text: string): Promise<ReceivedMail[]> {
  return (await receivedMails()).filter(
    (mail) =>
      mail.subject.includes(text) ||
      Object.values(mail.headers).some((value) => value.includes(text)) ||
      mail.text.includes(text) ||
      mail.html.includes(text),
  )
}

/** Mails whose envelope names `address` as a recipient. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const wanted = address.toLowerCase()
  return (await receivedMails()).filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted))
}

/** Forgets everything received so far. Tests running one after another can also just match unique values. */
export async function clearMails(): Promise<void> {
  const response = await fetch(`${mailSinkUrl}/messages`, {method: 'DELETE'})
  if (!response.ok) throw new Error(`Mail sink: ${response.status} ${response.statusText}`)
}
