import {departureLockId, departureSlots, resolveBookingRules} from '@repo/schemas/capacity.ts'
import {
  departureAssignmentSchema,
  guidesShortMessage,
  type AssignmentAnswer,
  type AssignmentChoices,
  type DepartureAssignment,
} from '@repo/schemas/departure-assignment.ts'
import {formatDateInWords} from '@repo/schemas/format-date.ts'
import {isConflict} from '@repo/schemas/lake-errors.ts'
import {guidesNeeded, timesOverlap} from '@repo/schemas/resources.ts'

import {calendarOrganizer} from '../lib/booking-calendar.ts'
import {guideAssignmentMessage, guideMailId} from '../lib/guide-calendar.ts'
import {outboxMailDocument} from '../lib/mailer.ts'
import {resourcesQuery} from '../lib/queries/resource-queries.ts'
import type {DecisionDeps} from './decide-booking.ts'
import {experiencesWithRulesQuery} from './departure-queries.ts'
import {
  assignedOnDateQuery,
  assignmentsInRangeQuery,
  confirmedPaxQuery,
  departureAssignmentLockQuery,
  travellersPerGuideQuery,
} from './queries/assignment-queries.ts'
import type {HandlerResult, StaffDeps} from './staff-deps.ts'
import {activeGuidesQuery} from './queries/active-guides-query.ts'
import {experienceIdsQuery} from './queries/experience-ids-query.ts'
import {staffByIdsQuery} from './queries/staff-by-ids-query.ts'

/**
 * Guides and a resource for a departure (docs/decisions/239-assignments-on-the-departure-lock.md): stored on the
 * departure's lock document as `guide_ids` and `resource_id`, with who assigned them and when, so the guide's Today
 * view reads one document. A guide or a resource already on another departure at an overlapping time of the date is
 * refused by name; too few guides for the confirmed travellers is stored and flagged. Each guide added gets an
 * invitation and each removed its cancellation, queued in the same transaction (one mail, whichever server).
 */

type StaffPerson = {
  _id: string
  name?: string | null
  email?: string | null
  role?: string | null
  state?: string | null
}


export async function loadAssignmentChoices(deps: StaffDeps): Promise<HandlerResult> {
  const [guides, resources] = await Promise.all([
    deps.client.fetch(activeGuidesQuery),
    deps.content ? deps.content.fetch(resourcesQuery) : Promise.resolve([]),
  ])
  return {
    status: 200,
    body: {
      guides: guides.map((g) => ({id: g._id, name: g.name ?? g._id})),
      resources: resources.map((r) => ({id: r._id, name: r.name, seats: r.seats ?? null})),
    } satisfies AssignmentChoices,
  }
}

/** Another departure of the date at an overlapping time with one of these guides or this resource, in words. */
function doubleBookings({
  experiences,
  others,
  slug,
  when,
  guides,
  resource,
}: {
  experiences: {slug: string | null; title: string; rules: unknown}[]
  others: {experience_id: string; guide_ids: string[] | null; resource_id: string | null}[]
  slug: string
  when: string
  guides: (StaffPerson | undefined)[]
  resource: {_id: string; name: string} | null | undefined
}): string[] {
  const slotsOf = (experienceSlug: string) => {
    const found = experiences.find((e) => e.slug === experienceSlug)
    return departureSlots(
      resolveBookingRules((found?.rules ?? null) as Parameters<typeof resolveBookingRules>[0]),
    )
  }
  const titleOf = (experienceSlug: string) =>
    experiences.find((e) => e.slug === experienceSlug)?.title ?? experienceSlug
  const mine = slotsOf(slug)
  const conflicts: string[] = []
  for (const other of others) {
    const theirs = slotsOf(other.experience_id)
    if (!mine.some((a) => theirs.some((b) => timesOverlap(a, b)))) continue
    for (const guide of guides)
      if (guide && (other.guide_ids ?? []).includes(guide._id))
        conflicts.push(
          `${guide.name ?? guide._id} is already guiding ${titleOf(other.experience_id)} on ${when}.`,
        )
    if (resource && other.resource_id === resource._id)
      conflicts.push(
        `${resource.name} is already assigned to ${titleOf(other.experience_id)} on ${when}.`,
      )
  }
  return conflicts
}

/** The outbox documents of the guides' mails: an invitation to each added, a cancellation to each removed. */
async function guideMails(
  decisions: DecisionDeps,
  change: {
    added: StaffPerson[]
    removed: StaffPerson[]
    departure: {lockId: string; experienceTitle: string; date: string}
    resourceName: string | null
    at: string
    by: string
  },
) {
  const organizer = calendarOrganizer(await decisions.mailContent())
  const mailOf = (person: StaffPerson, assigned: boolean) => {
    if (!person.email) return []
    const mail = {
      guide: {id: person._id, name: person.name ?? '', email: person.email},
      departure: change.departure,
      resourceName: change.resourceName,
      assigned,
      at: change.at,
      by: change.by,
      siteUrl: decisions.links.siteUrl,
      organizer,
    }
    return [
      outboxMailDocument(
        guideMailId(mail),
        guideAssignmentMessage(mail),
        change.departure.lockId,
        change.at,
      ),
    ]
  }
  return [
    ...change.added.flatMap((person) => mailOf(person, true)),
    ...change.removed.flatMap((person) => mailOf(person, false)),
  ]
}

/**
 * The lock's change (by its revision, or its creation), the guides' mails and the activity entry in one transaction;
 * false when another change of the departure got there first.
 */
async function writeAssignment(
  deps: StaffDeps,
  change: {
    lock: {_rev: string} | null
    lockId: string
    create: {experience_id: string; date: string}
    fields: Record<string, unknown>
    mails: {_id: string; _type: string}[]
    summary: string
  },
): Promise<boolean> {
  const {lock, lockId, fields} = change
  const transaction = deps.client.transaction()
  if (lock)
    transaction.patch(lockId, (p) => {
      const set = p.ifRevisionId(lock._rev).set(fields)
      return 'resource_id' in fields ? set : set.unset(['resource_id'])
    })
  else transaction.create({_id: lockId, _type: 'departure', ...change.create, ...fields})
  for (const mail of change.mails) transaction.createIfNotExists(mail)
  if (deps.activity)
    transaction.create(deps.activity({subject: {id: lockId, name: change.summary}}))
  try {
    await transaction.commit({visibility: 'sync'})
    return true
  } catch (error) {
    if (!isConflict(error)) throw error
    return false
  }
}

const CHANGED_MESSAGE = 'This departure was changed meanwhile. Please look again.'

export async function assignDeparture(
  deps: StaffDeps,
  decisions: DecisionDeps,
  body: unknown,
  by: {name: string; id: string},
): Promise<HandlerResult> {
  const parsed = departureAssignmentSchema.safeParse(body)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const field = String(issue.path[0] ?? '')
    return {
      status: 400,
      body: {error: issue.message, ...(field ? {fieldErrors: {[field]: [issue.message]}} : {})},
    }
  }
  const {experience: slug, date, guideIds, resourceId} = parsed.data
  if (!deps.content) return {status: 404, body: {error: 'Choose a departure from the list.'}}
  const lockId = departureLockId(slug, date)
  const [experiences, people, resources, lock, others, perGuide, pax] = await Promise.all([
    deps.content.fetch(experiencesWithRulesQuery),
    deps.client.fetch(staffByIdsQuery, {ids: guideIds}),
    deps.content.fetch(resourcesQuery),
    deps.client.fetch(departureAssignmentLockQuery, {lockId}),
    deps.client.fetch(assignedOnDateQuery, {date, lockId}),
    deps.content.fetch(travellersPerGuideQuery),
    deps.client.fetch(confirmedPaxQuery, {experience: slug, date}),
  ])
  const experience = experiences.find((e) => e.slug === slug)
  if (!experience || experience.isBespoke)
    return {
      status: 404,
      body: {
        error: 'Choose a departure from the list.',
        fieldErrors: {experience: ['Choose a departure from the list.']},
      },
    }
  const guides = guideIds.map((id) => people.find((p) => p._id === id))
  const notGuide = guideIds.find(
    (id, i) => guides[i]?.role !== 'guide' || guides[i]?.state !== 'active',
  )
  if (notGuide !== undefined) {
    const message = `${people.find((p) => p._id === notGuide)?.name ?? 'That person'} is not an active guide.`
    return {status: 400, body: {error: message, fieldErrors: {guideIds: [message]}}}
  }
  const resource = resourceId ? resources.find((r) => r._id === resourceId) : null
  if (resourceId && !resource) {
    const message = 'Choose a resource from the list.'
    return {status: 400, body: {error: message, fieldErrors: {resourceId: [message]}}}
  }
  if (lock?.cancelled_at)
    return {status: 409, body: {error: 'This departure is cancelled: it needs no guides.'}}

  const when = formatDateInWords(date)
  const conflicts = doubleBookings({experiences, others, slug, when, guides, resource})
  if (conflicts.length)
    return {status: 409, body: {error: conflicts.join(' '), code: 'double-booked', conflicts}}

  const at = deps.now().toISOString()
  const fields = {
    guide_ids: guideIds,
    assigned_by: by.name,
    assigned_by_id: by.id,
    assigned_at: at,
    updated_at: at,
  }
  const before: string[] = lock?.guide_ids ?? []
  const added = guideIds.filter((id) => !before.includes(id))
  const removed = before.filter((id) => !guideIds.includes(id))
  const removedPeople = removed.length
    ? await deps.client.fetch(staffByIdsQuery, {ids: removed})
    : []
  const mails = await guideMails(decisions, {
    added: added.flatMap((id) => people.filter((p) => p._id === id)),
    removed: removedPeople,
    departure: {lockId, experienceTitle: experience.title, date},
    resourceName: resource?.name ?? null,
    at,
    by: by.name,
  })

  const names = guides.map((g) => g?.name ?? '')
  const summary = `Assigned ${names.length ? names.join(' and ') : 'no guide'} and ${resource ? resource.name : 'no resource'} to ${experience.title} on ${date}`
  const stored = await writeAssignment(deps, {
    lock,
    create: {experience_id: slug, date},
    lockId,
    fields: resource ? {...fields, resource_id: resource._id} : fields,
    mails,
    summary,
  })
  if (!stored) return {status: 409, body: {error: CHANGED_MESSAGE}}
  if (mails.length) decisions.queued()

  const needed = guidesNeeded(
    pax ?? 0,
    perGuide.find(
      (p: {experience: string | null; travellersPerGuide: number | null}) =>
        p.experience === experience._id,
    )?.travellersPerGuide,
  )
  const short = guidesShortMessage(needed, guideIds.length, pax ?? 0)
  const assignment: DepartureAssignment = {
    guides: guides.map((g) => ({id: g!._id, name: g!.name ?? g!._id})),
    resource: resource
      ? {id: resource._id, name: resource.name, seats: resource.seats ?? null}
      : null,
    by: by.name,
    at,
  }
  return {
    status: 200,
    body: {assignment, warnings: short ? [short] : []} satisfies AssignmentAnswer,
  }
}

/**
 * The assignments of a date range with names as they are now, for the departures view (and the daily digest): one
 * query per dataset, joined here. `decorate` adds a row's assignment, the guides it needs and what is short.
 */
export async function loadAssignments(deps: StaffDeps, range: {from: string; to: string}) {
  const [stored, resources, perGuide, experiences] = await Promise.all([
    deps.client.fetch(assignmentsInRangeQuery, range),
    deps.content ? deps.content.fetch(resourcesQuery) : Promise.resolve([]),
    deps.content ? deps.content.fetch(travellersPerGuideQuery) : Promise.resolve([]),
    deps.content
      ? deps.content.fetch(experienceIdsQuery)
      : Promise.resolve([]),
  ])
  const guideIds = [...new Set(stored.flatMap((s) => s.guide_ids ?? []))]
  const people = guideIds.length
    ? await deps.client.fetch(staffByIdsQuery, {ids: guideIds})
    : []
  const byKey = new Map<string, DepartureAssignment>()
  for (const s of stored) {
    const resource = s.resource_id ? resources.find((r) => r._id === s.resource_id) : undefined
    byKey.set(`${s.experience_id}|${s.date}`, {
      guides: (s.guide_ids ?? []).map((id) => ({
        id,
        name: people.find((p) => p._id === id)?.name ?? 'A former guide',
      })),
      resource: s.resource_id
        ? {
            id: s.resource_id,
            name: resource?.name ?? 'A removed resource',
            seats: resource?.seats ?? null,
          }
        : null,
      by: s.assigned_by ?? '',
      at: s.assigned_at ?? '',
    })
  }
  const perGuideOf = (slug: string) => {
    const id = experiences.find((e) => e.slug === slug)?._id
    return perGuide.find((p) => p.experience === id)?.travellersPerGuide ?? null
  }
  return {
    of: (slug: string, date: string) => byKey.get(`${slug}|${date}`) ?? null,
    decorate<Row extends {experience_id: string; date: string; taken: number; cancelled?: unknown}>(
      row: Row,
    ) {
      const assignment = byKey.get(`${row.experience_id}|${row.date}`) ?? null
      if (row.cancelled) return {...row, assignment}
      const needed = guidesNeeded(row.taken, perGuideOf(row.experience_id))
      const short = guidesShortMessage(needed, assignment?.guides.length ?? 0, row.taken)
      return {
        ...row,
        assignment,
        ...(needed > 0 ? {guidesNeeded: needed} : {}),
        flags: short ? [short] : [],
      }
    },
  }
}

