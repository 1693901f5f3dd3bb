import { useEffect, useRef, useState, type FormEvent } from 'react';

interface Props {
  busy: boolean;
  /** The address the form starts with (an invitation's), still editable. */
  initialEmail?: string;
  onSubmit: (email: string, name: string) => void | Promise<void>;
  onCancel: () => void;
}

/**
 * Stands in for Google's popup when the site runs against the Firebase Auth emulator,
 * so signing in works with no internet and no Google account.
 */
export function LocalSignInDialog({ busy, initialEmail = '', onSubmit, onCancel }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [name, setName] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    emailRef.current?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onCancel]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSubmit(email, name);
  };

  return (
    <div className="popup-backdrop">
      <form className="popup local-sign-in" role="dialog" aria-modal="true" aria-labelledby="local-sign-in-title" onSubmit={submit}>
        <h2 id="local-sign-in-title">Local Google sign-in</h2>
        <p>This copy of the site uses the local sign-in emulator. Enter any Google e-mail address.</p>
        <div className="field">
          <label htmlFor="local-sign-in-email">Email</label>
          <input
            ref={emailRef}
            id="local-sign-in-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="local-sign-in-name">Name (optional)</label>
          <input id="local-sign-in-name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="popup__actions">
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" className="button" disabled={busy}>
            Sign in
          </button>
        </div>
      </form>
    </div>
  );
}
