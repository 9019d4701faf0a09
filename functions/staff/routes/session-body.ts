import {staffActionsOf, type StaffSessionResponse} from '@repo/schemas/staff-roles.ts'

import {profileRequired} from '../own-profile.ts'
import type {SessionPerson, SessionState} from '../staff-session-store.ts'

/** What `GET /session` and a sign-in answer: the person, what they may do, their second step and profile. */
export const sessionBody = (
  person: SessionPerson,
  secondStep: SessionState['secondStep'],
): StaffSessionResponse => ({
  person,
  // Until a required second step is set up, the person may do nothing else.
  actions: secondStep.setupRequired ? [] : staffActionsOf(person.role),
  secondStep,
  // The dashboard asks for a missing name and address before anything else (own-profile-form.tsx); the API
  // does not refuse meanwhile, so scripts and checks that sign in as the first owner keep working.
  profile: {required: profileRequired(person)},
})
