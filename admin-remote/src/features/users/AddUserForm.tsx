import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { Role, UserRecord } from '@blooms/shared/contract/roles';
import type { UserInput } from '@blooms/shared/contract/users';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { usersApi } from './api';
import { checkUserInput } from './check-user-input';
import { useUserFieldProblems } from './use-user-field-problems';
import { RoleSelect, UserTextInput } from './UserFields';

interface Props {
  onAdded: (user: UserRecord) => void;
}

export function AddUserForm({ onAdded }: Props) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('employee');
  const marks = useUserFieldProblems<HTMLFormElement>('new-user');
  const add = useMutation({
    mutationFn: (input: UserInput) => usersApi.add(input),
    onSuccess: (added) => {
      setName('');
      setEmail('');
      setRole('employee');
      onAdded(added);
    },
    onError: (error) => showFailure(error),
  });
  const busy = add.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    const input = checkUserInput({ name, email, role });
    if (!marks.refuse(input)) add.mutate(input.data);
  }

  return (
    <form ref={marks.formRef} className="add-user-form" onSubmit={submit} noValidate aria-labelledby="add-user-heading">
      <h2 id="add-user-heading">Add New User</h2>
      <div className="add-user-form__fields">
        <div className="field">
          <label htmlFor="new-user-name">Name</label>
          <UserTextInput id="new-user-name" autoComplete="off" field="name" value={name} onValueChange={setName} marks={marks} />
        </div>
        <div className="field">
          <label htmlFor="new-user-email">Email</label>
          <UserTextInput
            id="new-user-email"
            type="email"
            autoComplete="off"
            field="email"
            value={email}
            onValueChange={setEmail}
            marks={marks}
          />
        </div>
        <div className="field">
          <label htmlFor="new-user-role">Role</label>
          <RoleSelect id="new-user-role" value={role} onRoleChange={setRole} />
        </div>
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Adding…' : 'Add User'}
      </button>
    </form>
  );
}
