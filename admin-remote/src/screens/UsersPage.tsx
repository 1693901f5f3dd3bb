import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Screen } from '@blooms/shared/ui/Screen';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { ServerState } from '@blooms/shared/ui/ServerState';
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

  return (
    <Screen remote="admin" title="Manage Users">
      <section className="container page manage-users">
        <h1>Manage Users</h1>
        <AddUserForm
          onAdded={(name) => {
            setAnnouncement(`Added ${name}.`);
            reload();
          }}
        />
        <p className="visually-hidden" role="status">
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
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {users.map((user) => (
                  <UserRow key={user.id} user={user} onChanged={reload} />
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
