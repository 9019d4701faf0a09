import {STAFF_ROLE_TITLES, STAFF_ROLES, type StaffRole} from '@repo/schemas/staff-roles.ts'

import {useChangePerson} from '../api/change-person'
import {usePeople} from '../api/get-people'
import {StaffApiError} from '../api/staff-api'
import {useToast} from './toasts'

/**
 * The owner's people page: everyone with an account, their role and whether they may sign in. A change holds on
 * every site server from the person's next request.
 */
export function PeopleView({selfId}: {selfId: string}) {
  const people = usePeople(true)
  const changePerson = useChangePerson()
  const toast = useToast()

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
              error instanceof StaffApiError ? error.message : 'The change could not be saved.',
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
                  {person.state === 'active' ? 'Active ' : 'Access ended '}
                  <button
                    type="button"
                    className="button button--ghost"
                    disabled={changePerson.isPending}
                    onClick={() =>
                      change(person._id, person.name, {
                        state: person.state === 'active' ? 'deactivated' : 'active',
                      })
                    }
                  >
                    {person.state === 'active'
                      ? `End access for ${person.name}`
                      : `Give ${person.name} access again`}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}
