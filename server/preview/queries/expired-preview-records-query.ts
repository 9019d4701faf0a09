import {defineQuery} from 'groq'

/** Preview sessions past their time and spent preview secrets older than they are kept: deleted as a session opens. */
export const expiredPreviewRecordsQuery = defineQuery(
  `*[(_type == "previewSession" && expiresAt <= $now) || (_type == "previewSecretUse" && usedAt <= $usedBefore)]`,
)
