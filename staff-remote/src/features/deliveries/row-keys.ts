import type { KeyboardEvent } from 'react';

/** Said with the table, so keyboard users know how to reach a row's other controls. */
export const ROW_KEYS_HINT =
  'Tab moves between rows’ main controls; in a row, the left and right arrow keys reach its links and other buttons.';

/**
 * Left and Right arrows move focus across a row's links and buttons, including those kept
 * out of the Tab order: a row costs a keyboard user one or two Tab presses, not seven.
 */
export function moveWithinRow(event: KeyboardEvent<HTMLTableRowElement>) {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
  const target = event.target as HTMLElement;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not(:disabled), input:not(:disabled)')];
  const index = controls.indexOf(target);
  if (index < 0) return;
  const next = controls[index + (event.key === 'ArrowRight' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}
