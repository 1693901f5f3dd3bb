import type { ReactNode } from 'react';

interface Props {
  name: string;
  value: string | number;
  checked: boolean;
  onChoose: () => void;
  children: ReactNode;
}

/** One choice of a radio group drawn as a card: the plan, a gift's length, how a gift is paid. */
export function PlanOption({ name, value, checked, onChoose, children }: Props) {
  return (
    <label className="plan-option">
      <input type="radio" name={name} value={value} checked={checked} onChange={onChoose} />
      <span>{children}</span>
    </label>
  );
}
