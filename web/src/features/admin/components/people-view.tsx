import {useId, type FormEvent} from 'react'
import {useQueryClient} from '@tanstack/react-query'

import {STAFF_ROLE_TITLES, STAFF_ROLES, type StaffRole} from '@repo/schemas/staff-roles.ts'

import {useChangePerson} from '../api/change-person'
import {usePeople} from '../api/get-people'
import {useInvite, useInviteAgain} from '../api/password-links'
import {useResetSecondStep} from '../api/reset-second-step'
import {useRequireSecondStep} from '../api/second-step'
import {apiErrorMessage} from '../../../lib/api-client'
import {staffKeys} from '../api/staff-api'
import {useToast} from './toasts'

/**
 * The owner's people page: everyone with an account, their role and whether they may sign in. A change holds on
 * every site server from the person's next request.
 */
export function PeopleView({selfId}: {selfId: string}) {
  const people = usePeople(true)
  const changePerson = useChangePerson()
  const resetSecondStep = useResetSecondStep()
  const inviteAgain = useInviteAgain()
  const toast = useToast()

  function invite(id: string, name: string) {
    inviteAgain.mutate(id, {
      onSuccess: () =>
        toast({
          title: 'Invitation sent',
          description: `${name} has a new link, valid for 7 days. Earlier links no longer work.`,
          variant: 'default',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            apiErrorMessage(error, 'The invitation could not be sent.'),
          variant: 'destructive',
        }),
    })
  }

  function reset(id: string, name: string) {
    resetSecondStep.mutate(id, {
      onSuccess: () =>
        toast({
          title: 'Second step reset',
          description: `${name} signs in with their password and sets up a new second step.`,
          variant: 'default',
        }),
      onError: (error) =>
        toast({
          title: 'Error',
          description:
            apiErrorMessage(error, 'The second step could not be reset.'),
          variant: 'destructive',
        }),
    })
  }

  function change(
    id: string,
    name: string,
    change: {role?: StaffRole; state?: 'active' | 'deactivated'},
  ) {
    changePerson.mutate(
      {id, change},
      {
        onSuccess: () =>
          toast({title: 'Saved', description: `${name}: changes saved.`, variant: 'default'}),
        onError: (error) =>
          toast({
            title: 'Error',
            description:
              apiErrorMessage(error, 'The change could not be saved.'),
            variant: 'destructive',
          }),
      },
    )
  }

  if (people.isPending) return <p className="admin-empty">Loading people...</p>
  if (people.isError) return <p className="admin-empty">The people could not be loaded.</p>
  return (
    <section aria-labelledby="people-heading">
      <h2 id="people-heading">People</h2>
      <InviteForm />
      <div className="admin-table-wrap">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Access</th>
            </tr>
          </thead>
          <tbody>
            {people.data.people.map((person) => (
              <tr key={person._id}>
                <th scope="row">
                  {person.name}
                  {person._id === selfId ? ' (you)' : ''}
                </th>
                <td>{person.email ?? 'No email yet'}</td>
                <td>
                  <select
                    className="people__role"
                    aria-label={`Role of ${person.name}`}
                    value={person.role}
                    disabled={changePerson.isPending}
                    onChange={(event) =>
                      change(person._id, person.name, {role: event.target.value as StaffRole})
                    }
                  >
                    {STAFF_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {STAFF_ROLE_TITLES[role]}
                      </option>
                    ))}
                  </select>
                </td>
                <td>
                  {person.state === 'active'
                    ? 'Active '
                    : person.state === 'invited'
                      ? 'Invited '
                      : person.joined
                        ? 'Access ended '
                        : 'Invitation cancelled '}
                  {person.joined ? null : (
                    <>
                      <button
                        type="button"
                        className="button button--ghost"
                        disabled={inviteAgain.isPending}
                        onClick={() => invite(person._id, person.name)}
                      >
                        Send {person.name} a new invitation
                      </button>{' '}
                    </>
                  )}
                  {person.joined || person.state === 'invited' ? (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={changePerson.isPending}
                      onClick={() =>
                        change(person._id, person.name, {
                          state: person.state === 'deactivated' ? 'active' : 'deactivated',
                        })
                      }
                    >
                      {person.state === 'invited'
                        ? `Cancel the invitation of ${person.name}`
                        : person.state === 'active'
                          ? `End access for ${person.name}`
                          : `Give ${person.name} access again`}
                    </button>
                  ) : null}{' '}
                  {person.state === 'active' && person._id !== selfId && person.secondStep ? (
                    <button
                      type="button"
                      className="button button--ghost"
                      disabled={resetSecondStep.isPending}
                      onClick={() => reset(person._id, person.name)}
                    >
                      Reset the second step of {person.name}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RequireSecondStep required={people.data.requireSecondStep} />
    </section>
  )
}

/** Invites a person by email: they get a link to choose their password (valid 7 days, once). */
function InviteForm() {
  const invite = useInvite()
  const queryClient = useQueryClient()
  const toast = useToast()
  const ids = {name: useId(), email: useId(), role: useId()}

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    invite.mutate(
      {
        name: String(data.get('name') ?? ''),
        email: String(data.get('email') ?? ''),
        role: String(data.get('role') ?? 'staff') as StaffRole,
      },
      {
        onSuccess: ({person}) => {
          form.reset()
          void queryClient.invalidateQueries({queryKey: staffKeys.people})
          toast({
            title: 'Invitation sent',
            description: `${person.name} gets a link to choose a password.`,
            variant: 'default',
          })
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description:
              apiErrorMessage(error, 'The invitation could not be sent.'),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <form
      onSubmit={onSubmit}
      method="post"
      className="admin-card people__invite"
      aria-labelledby={`${ids.name}-heading`}
    >
      <h3 id={`${ids.name}-heading`}>Invite someone</h3>
      <p className="muted">
        They get a mail with a link to choose their password, valid for 7 days.
      </p>
      <div className="admin-filters people__invite-fields">
        <div className="field">
          <label htmlFor={ids.name}>Name</label>
          <input id={ids.name} name="name" autoComplete="off" required maxLength={100} />
        </div>
        <div className="field">
          <label htmlFor={ids.email}>Email</label>
          <input id={ids.email} name="email" type="email" autoComplete="off" required />
        </div>
        <div className="field">
          <label htmlFor={ids.role}>Role</label>
          <select id={ids.role} name="role" defaultValue="staff">
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {STAFF_ROLE_TITLES[role]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="button button--primary" disabled={invite.isPending}>
        Send invitation
      </button>
    </form>
  )
}

/** The owner's switch: everyone signs in with a second step (an owner must have their own first). */
function RequireSecondStep({required}: {required: boolean}) {
  const requireSecondStep = useRequireSecondStep()
  const queryClient = useQueryClient()
  const toast = useToast()
  const id = useId()
  return (
    <section className="admin-card people__rule" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>Signing in</h3>
      <p className="muted" id={`${id}-hint`}>
        A rule for the whole team, not part of an invitation: with it on, everyone sets up an
        authenticator app at their next sign-in.
      </p>
      <div className="people__rule-choice">
        <input
          id={id}
          aria-describedby={`${id}-hint`}
          type="checkbox"
          checked={required}
          disabled={requireSecondStep.isPending}
          onChange={(event) =>
            requireSecondStep.mutate(event.target.checked, {
              onSettled: () => void queryClient.invalidateQueries({queryKey: staffKeys.people}),
              onError: (error) =>
                toast({
                  title: 'Error',
                  description: apiErrorMessage(error, 'Not saved.'),
                  variant: 'destructive',
                }),
            })
          }
        />
        <label htmlFor={id}>Everyone signs in with a second step</label>
      </div>
    </section>
  )
}
