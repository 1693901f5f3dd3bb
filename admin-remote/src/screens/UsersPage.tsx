import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Screen } from '@blooms/shared/ui/Screen';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { personName } from '@blooms/shared/contract/people';
import { USER_MESSAGES } from '@blooms/shared/contract/users';
import { usersApi } from '../features/users/api';
import { AddUserForm } from '../features/users/AddUserForm';
import { UserRow } from '../features/users/UserRow';
import '../features/users/users.css';

function UsersScreen() {
  const list = useQuery(usersApi.list());
  const [announcement, setAnnouncement] = useState('');
  const users = list.data ?? null;
  const loadError = list.error;
  const reload = () => void list.refetch();
  // A server of an earlier release sends no sign-ins: the column is left out rather than saying "Not yet" for everyone.
  const showsSignIns = users?.some((user) => user.lastSignInAt !== undefined) ?? false;

  return (
    <Screen remote="admin" title="Manage Users">
      <section className="container page manage-users">
        <h1>Manage Users</h1>
        <AddUserForm
          onAdded={(added) => {
            setAnnouncement(USER_MESSAGES.invited(personName(added), added.email));
            reload();
          }}
        />
        <p className={announcement ? 'status-message' : undefined} role="status">
          {announcement}
        </p>
        {loadError !== null && <LoadError what="the users" error={loadError} onRetry={reload} />}
        {users === null && loadError === null && (
          <p className="status-message" role="status">
            Loading users…
          </p>
        )}
        {users && (
          <div className="table-scroll">
            <table className="data-table users-table">
              <caption className="visually-hidden">Staff accounts</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Role</th>
                  {showsSignIns && <th scope="col">Last sign-in</th>}
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <UserRow key={user.id} user={user} showsSignIn={showsSignIns} onChanged={reload} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Screen>
  );
}

export default function UsersPage() {
  return (
    <ServerState>
      <UsersScreen />
    </ServerState>
  );
}
