import { useCallback, useEffect, useState } from 'react';
import { Screen } from '@blooms/shared/ui/Screen';
import { LoadError } from '@blooms/shared/ui/LoadError';
import type { UserRecord } from '@blooms/shared/contract/roles';
import { usersApi } from '../features/users/api';
import { AddUserForm } from '../features/users/AddUserForm';
import { UserRow } from '../features/users/UserRow';
import '../features/users/users.css';

export default function UsersPage() {
  const [users, setUsers] = useState<UserRecord[] | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [announcement, setAnnouncement] = useState('');

  const reload = useCallback(async () => {
    try {
      setUsers(await usersApi.list());
      setLoadError(null);
    } catch (error) {
      setLoadError(error);
    }
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <Screen remote="admin" title="Manage Users">
      <section className="container page manage-users">
        <h1>Manage Users</h1>
        <AddUserForm
          onAdded={(name) => {
            setAnnouncement(`Added ${name}.`);
            void reload();
          }}
        />
        <p className="visually-hidden" role="status">
          {announcement}
        </p>
        {loadError !== null && <LoadError what="the users" error={loadError} onRetry={() => void reload()} />}
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
                  <UserRow key={user.id} user={user} onChanged={() => void reload()} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Screen>
  );
}
