import { Fragment } from 'react';

/**
 * An e-mail address that wraps only before its @ and its dots, never inside a word. Some
 * accessibility trees read each <wbr> as a space: give the link the whole address as its label.
 */
export function BreakableEmail({ email }: { email: string }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}
