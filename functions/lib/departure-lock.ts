// The lock and its pause live with the confirmation core they serve, shared with the studio.
export {changeDepartureLock, pauseAfterConflict} from '@repo/schemas/confirm-within-places.ts'
