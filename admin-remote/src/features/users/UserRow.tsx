import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { displayFirstName, ROLE_LABELS, type Role } from '@blooms/shared/contract/roles';
import { STUDIO_TIME_ZONE } from '@blooms/shared/contract/delivery-dates';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { USER_MESSAGES, type ManagedUser } from '@blooms/shared/contract/users';
import { usersApi } from './api';
import { checkUserInput } from './check-user-input';
import { useUserFieldProblems } from './use-user-field-problems';
import { RoleSelect, UserTextInput } from './UserFields';

interface Props {
  user: ManagedUser;
  /** Whether the list has the Last sign-in column (the server sends sign-ins). */
  showsSignIn: boolean;
  onChanged: () => void;
}

const SIGNED_IN_AT = new Intl.DateTimeFormat('en-US', { timeZone: STUDIO_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** When a user last signed in, in the studio's time, or that they have not yet. */
function LastSignIn({ at }: { at: string | null | undefined }) {
  if (!at) return <span className="muted">{USER_MESSAGES.neverSignedIn}</span>;
  return <time dateTime={at}>{SIGNED_IN_AT.format(new Date(at))}</time>;
}

/** One user: viewed, or edited inline with Save, Cancel and Delete. */
export function UserRow({ user, showsSignIn, onChanged }: Props) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<Role>(user.role);
  const label = user.name || user.email;
  const marks = useUserFieldProblems<HTMLTableRowElement>(`user-${user.id}`);

  function startEditing() {
    setName(user.name);
    setEmail(user.email);
    setRole(user.role);
    marks.reset();
    setEditing(true);
  }

  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSuccess: () => {
      setEditing(false);
      onChanged();
    },
    onError: (error) => showFailure(error),
  });
  const busy = change.isPending;

  function save() {
    const input = checkUserInput({ name, email, role });
    if (marks.refuse(input)) return;
    change.mutate(() => usersApi.update(user.id, input.data));
  }

  function confirmDelete() {
    showPopup('error', USER_MESSAGES.deleteWarning, [
      { label: 'Delete Permanently', tone: 'danger', onClick: () => change.mutate(() => usersApi.remove(user.id)) },
    ]);
  }

  if (!editing) {
    return (
      <tr>
        <td data-label="Name">
          {user.name || (
            <span className="users-table__no-name" title="No name yet: Edit to add one">
              {displayFirstName(user)} <span className="muted">(no name yet)</span>
            </span>
          )}
        </td>
        <td data-label="Email">{user.email}</td>
        <td data-label="Role">{ROLE_LABELS[user.role]}</td>
        {showsSignIn && (
          <td data-label="Last sign-in">
            <LastSignIn at={user.lastSignInAt} />
          </td>
        )}
        <td data-label="Actions">
          <button type="button" className="button button--secondary" onClick={startEditing} aria-label={`Edit ${label}`}>
            Edit
          </button>
        </td>
      </tr>
    );
  }

  return (
    <tr className="is-editing" ref={marks.formRef}>
      <td data-label="Name">
        <UserTextInput aria-label={`Name of ${label}`} autoFocus field="name" value={name} onValueChange={setName} marks={marks} />
      </td>
      <td data-label="Email">
        <UserTextInput aria-label={`Email of ${label}`} type="email" field="email" value={email} onValueChange={setEmail} marks={marks} />
      </td>
      <td data-label="Role">
        <RoleSelect aria-label={`Role of ${label}`} value={role} onRoleChange={setRole} />
      </td>
      {showsSignIn && (
        <td data-label="Last sign-in">
          <LastSignIn at={user.lastSignInAt} />
        </td>
      )}
      <td data-label="Actions" className="row-actions">
        <button type="button" className="button" onClick={save} disabled={busy}>
          Save
        </button>
        <button type="button" className="button button--secondary" onClick={() => setEditing(false)} disabled={busy}>
          Cancel
        </button>
        <button type="button" className="button button--danger" onClick={confirmDelete} disabled={busy}>
          Delete
        </button>
      </td>
    </tr>
  );
}
