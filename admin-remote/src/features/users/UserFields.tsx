import type { InputHTMLAttributes, SelectHTMLAttributes } from 'react';
import { ROLE_LABELS, ROLES, type Role } from '@blooms/shared/contract/roles';
import type { UserField } from './check-user-input';
import type { useUserFieldProblems } from './use-user-field-problems';

type Marks = Pick<ReturnType<typeof useUserFieldProblems>, 'problems' | 'cleared' | 'fieldProps' | 'problemId'>;

interface TextProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  field: UserField;
  value: string;
  onValueChange: (value: string) => void;
  marks: Marks;
}

/** A user's name or e-mail input, with its mark and message after a refused send; editing it clears them. */
export function UserTextInput({ field, value, onValueChange, marks, ...input }: TextProps) {
  const message = marks.problems[field];
  return (
    <>
      <input
        {...input}
        value={value}
        onChange={(event) => {
          onValueChange(event.target.value);
          marks.cleared(field);
        }}
        {...marks.fieldProps(field)}
      />
      {message && (
        <p id={marks.problemId(field)} className="field-problem">
          <span aria-hidden="true">⚠ </span>
          {message}
        </p>
      )}
    </>
  );
}

interface RoleProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> {
  value: Role;
  onRoleChange: (role: Role) => void;
}

/** The roles a user can have, by their labels. */
export function RoleSelect({ value, onRoleChange, ...select }: RoleProps) {
  return (
    <select {...select} value={value} onChange={(event) => onRoleChange(event.target.value as Role)}>
      {ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}
