import {defineQuery} from 'groq'

/** The privacy screen's lists: the last reports, and the confirmed requests waiting for a manager. */
export const privacyOverviewQuery = defineQuery(`{
  "reports": *[_type == "privacyReport"] | order(at desc)[0...20]{
    _id, at, trigger, by, requests, outboxMails, eventLines, mailFiles, backupLines, purgedRecords, proof,
    "serversCleared": select(defined(disk_scrub) => count(coalesce(disk_scrubbed, [])))
  },
  "requests": *[_type == "privacyRequest" && status == "confirmed"] | order(confirmed_at asc)[0...100]{
    _id, kind, email, correction, confirmed_at
  }
}`)
