/** How many dates staff may offer in one proposal, and how long their message to the traveller may be. */
export const MAX_PROPOSED_OPTIONS = 3
export const MAX_DECISION_MESSAGE = 2_000
