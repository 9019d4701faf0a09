import type {TestLake} from '../../../lake/src/testing/start-test-lake.ts'
import {loadMailContent} from '../mail-content.ts'
import {createOutbox, smtpTransport} from '../mailer.ts'

/**
 * One site server's side of a scheduled job: its own lake clients, and an outbox that sends to `smtpUrl` as server
 * `name`, sharing nothing with another server but the lake. A failed send throws, so the test sees it.
 */
export function jobServer(lake: TestLake, smtpUrl: string, name: string) {
  const content = lake.client({token: lake.secrets.writeToken})
  const bookings = lake.client({token: lake.secrets.writeToken, dataset: 'bookings'})
  return {
    bookings,
    content,
    mailContent: () => loadMailContent(content),
    outbox: createOutbox({
      bookings,
      transport: smtpTransport(smtpUrl),
      from: 'Bookings <bookings@example.com>',
      server: name,
      onError: (error) => {
        throw error
      },
    }),
  }
}
