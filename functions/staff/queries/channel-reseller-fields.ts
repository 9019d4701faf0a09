/** A reseller as the Channels page reads it: never its key's hash. */
export const channelResellerFields = /* groq */ `_id, name, contact, "experiences": coalesce(experiences, []), key_prefix, created_at, created_by, revoked_at, revoked_by, key_rotated_at, key_rotated_by`
