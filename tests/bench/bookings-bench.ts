import {runLoadWithFaults} from '../../functions/create-booking-request/testing/load-with-faults.ts'
import type {BenchResult} from './stats.ts'

/**
 * 50 clients, 2,000 booking requests through the real handler, the lake SIGKILLed and
 * restarted a quarter of the way in, SMTP down for the first half. Reports throughput and latency (every attempt,
 * including the 5xx answers while the lake was down), and how stored bookings and delivered mails add up.
 */
export async function benchBookings(): Promise<BenchResult[]> {
  const result = await runLoadWithFaults({requests: 2000, clients: 50})
  const stored = result.stored.length
  const acknowledged = result.acknowledged.size
  return [
    {
      name: 'booking requests, 50 clients, lake killed once, SMTP down for half: latency per attempt',
      unit: 'ms',
      samples: result.latenciesMs,
      extra: {
        'requests/s': Math.round(result.requests / result.seconds),
        'acknowledged': `${acknowledged} of ${result.requests}`,
        'stored once': `${new Set(result.stored.map((b) => b.booking_ref)).size} of ${stored}`,
        'unexpected answers': result.unexpected.length,
      },
    },
    {
      name: 'mails delivered after SMTP came back',
      unit: 's',
      samples: [result.mailDrainSeconds],
      extra: {
        'mails': `${result.received.length} for ${stored} bookings (2 each expected)`,
        // From the first mail the listener received to the last: the outbox's sending rate through the lake.
        'mails/s': mailsPerSecond(result.received.map((mail) => mail.at)),
      },
    },
  ]
}

function mailsPerSecond(arrivals: number[]): number {
  if (arrivals.length < 2) return 0
  const seconds = (Math.max(...arrivals) - Math.min(...arrivals)) / 1000
  return Math.round(arrivals.length / seconds)
}
