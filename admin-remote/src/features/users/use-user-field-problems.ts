import { useRef, useState } from 'react';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import type { CheckedUserInput, UserField, UserFieldProblems } from './check-user-input';

/**
 * A user form's marks: after a refused send each field at fault carries aria-invalid and its
 * message, focus returns to the first of them when the popup closes, and a mark clears as soon
 * as its field is edited.
 */
export function useUserFieldProblems<Container extends HTMLElement>(idPrefix: string) {
  const [problems, setProblems] = useState<UserFieldProblems>({});
  const formRef = useRef<Container>(null);

  /** Shows the popup and the marks for a refused check; false when there was nothing to refuse. */
  function refuse(checked: CheckedUserInput): checked is Extract<CheckedUserInput, { problem: string }> {
    if (!('problem' in checked)) {
      setProblems({});
      return false;
    }
    setProblems(checked.fields);
    showPopup('error', checked.problem, undefined, () => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    return true;
  }

  function cleared(field: UserField) {
    setProblems((current) => {
      if (!current[field]) return current;
      const rest = { ...current };
      delete rest[field];
      return rest;
    });
  }

  const problemId = (field: UserField) => `${idPrefix}-${field}-problem`;

  /** The marks a field's input carries. */
  function fieldProps(field: UserField) {
    const message = problems[field];
    return { 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? problemId(field) : undefined } as const;
  }

  return { formRef, problems, refuse, cleared, fieldProps, problemId, reset: () => setProblems({}) };
}
