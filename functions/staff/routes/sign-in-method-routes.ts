import {listOwnPasskeys, removeOwnPasskey} from '../own-passkeys.ts'
import {addPasskey, registrationOptions} from '../passkeys.ts'
import {confirmSecondStep, removeSecondStep, startSecondStep} from '../second-step.ts'
import {NO_STORE, refuse, send} from '../send-result.ts'
import {teamRequiresSecondStep} from '../staff-settings.ts'
import {jsonBody, param, type StaffContext} from './staff-context.ts'
import {staffSubApp} from './staff-sub-app.ts'

/**
 * The signed-in person's own sign-in methods: passkeys and the authenticator app. Every change needs a fresh proof
 * (authorise.ts) and is told to the person by mail (docs/decisions/157).
 */
export function signInMethodRoutes(ctx: StaffContext) {
  const {app, route} = staffSubApp(ctx)
  const {deps} = ctx

  route('POST /passkeys/options', async (c) =>
    send(c, {
      status: 200,
      body: await registrationOptions(deps.client, ctx.passkeyParty(), c.get('person'), deps.now()),
    }),
  )

  route('POST /passkeys', async (c) => {
    const body = (await jsonBody(c)) as {response?: unknown} | null
    const added = await addPasskey(
      deps.client,
      ctx.passkeyParty(),
      c.get('person').id,
      body?.response,
      deps.now(),
    )
    if (!added) return refuse(c, 400, 'That passkey could not be added. Try again.')
    await ctx.tellOfChange(c.get('person'), 'passkey-added')
    return send(c, {status: 200, body: {ok: true}})
  })

  route('GET /passkeys', async (c) =>
    send(c, await listOwnPasskeys(deps.client, c.get('person').id)),
  )

  route('DELETE /passkeys/:key', async (c) => {
    const result = await removeOwnPasskey(deps.client, c.get('person').id, param(c, 'key'))
    if (result.status === 200) await ctx.tellOfChange(c.get('person'), 'passkey-removed')
    return send(c, result)
  })

  route('POST /two-step', async (c) =>
    send(c, {
      status: 200,
      body: await startSecondStep(deps.client, c.get('person'), await ctx.invitations.company()),
    }),
  )

  route('POST /two-step/confirm', async (c) => {
    const body = (await jsonBody(c)) as {code?: unknown} | null
    const code = typeof body?.code === 'string' ? body.code.replace(/\s/g, '') : ''
    if (!/^\d{6}$/.test(code)) return refuse(c, 400, 'Enter the 6-digit code your app shows.')
    const recoveryCodes = await confirmSecondStep(deps.client, c.get('person').id, code, deps.now())
    if (!recoveryCodes) {
      return refuse(c, 400, 'That code is not right. Check the time on your phone and try again.')
    }
    await ctx.tellOfChange(
      c.get('person'),
      c.get('secondStep').enabled ? 'app-replaced' : 'app-set-up',
    )
    return send(c, {status: 200, body: {recoveryCodes}})
  })

  route('DELETE /two-step', async (c) => {
    if (await teamRequiresSecondStep(deps.client)) {
      return refuse(
        c,
        409,
        'Everyone signs in with a second step here: replace the app rather than remove it.',
      )
    }
    const removed = await removeSecondStep(deps.client, c.get('person').id)
    if (!removed) return refuse(c, 409, 'You have no authenticator app set up.')
    await ctx.tellOfChange(c.get('person'), 'app-removed')
    return c.body(null, 204, NO_STORE)
  })

  return app
}
