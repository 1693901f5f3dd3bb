import type { InputHTMLAttributes } from 'react';
import type { SubscriberTextField } from '@blooms/shared/contract/subscriber';
import type { SubscribeFormState } from './use-subscribe-form';
import { FieldProblem, problemProps } from './FieldProblem';

type Props = { state: Pick<SubscribeFormState, 'form' | 'update' | 'problems'>; name: SubscriberTextField; label: string } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'value' | 'onChange' | 'form'
>;

/** A labelled text field of the subscribe form, bound to its field of the form's state, with what is wrong with it under it. */
export function TextField({ state, name, label, ...props }: Props) {
  return (
    <div className="field">
      <label htmlFor={`subscribe-${name}`}>{label}</label>
      <input
        id={`subscribe-${name}`}
        name={name}
        value={state.form[name]}
        onChange={state.update(name)}
        {...props}
        {...problemProps(name, state.problems[name])}
      />
      <FieldProblem field={name} message={state.problems[name]} />
    </div>
  );
}
