import {resetSecondStep} from '../reset-second-step.ts'
import {send} from '../send-result.ts'
import {invitePerson, inviteAgain} from '../staff-invitations.ts'
import {changePerson, listPeople} from '../staff-people.ts'
import {jsonBody, param, type StaffContext} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/** The owner's people: the list, invitations, role and access changes, a second step reset. */
export function peopleRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {deps, invitations} = ctx

  route('GET /people', async (c) => send(c, await listPeople(deps.client)))

  route('POST /people', async (c) =>
    send(c, await invitePerson(invitations, await jsonBody(c), c.get('person'))),
  )

  route('POST /people/:id/invitation', async (c) =>
    send(c, await inviteAgain(invitations, param(c, 'id'), c.get('person'))),
  )

  route('PATCH /people/:id', async (c) =>
    send(
      c,
      await changePerson(
        deps.client,
        param(c, 'id'),
        await jsonBody(c),
        c.get('person'),
        deps.now(),
        c.get('activity'),
      ),
    ),
  )

  route('POST /people/:id/second-step/reset', async (c) => {
    const result = await resetSecondStep(deps.client, param(c, 'id'), deps.now(), c.get('activity'))
    const reset = (result.body as {person?: {_id: string; name: string; email: string | null}})
      .person
    if (result.status === 200 && reset) {
      await ctx.tellOfChange(
        {id: reset._id, name: reset.name, email: reset.email},
        'second-step-reset',
      )
    }
    return send(c, result)
  })

  return app
}
