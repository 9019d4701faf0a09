import {defineQuery} from 'groq'

/** A person's invitation links not yet used (a new invitation spends them). */
export const openInvitationsQuery = defineQuery(
  `*[_type == "staffToken" && personId == $id && purpose == "invite" && usedAt == null]._id`,
)
