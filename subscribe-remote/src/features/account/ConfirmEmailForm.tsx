import { useState } from 'react';
import { EmailField } from './EmailField';

/** The link was opened in another browser than the one that asked for it: the address it went to finishes the sign-in. */
export function ConfirmEmailForm({ onConfirm }: { onConfirm: (email: string) => Promise<string | null> }) {
  const [email, setEmail] = useState('');
  const [shownError, setShownError] = useState<string | null>(null);
  return (
    <form
      className="account__sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        setShownError(null);
        void onConfirm(email).then(setShownError);
      }}
    >
      <p>You opened the link in another browser. To finish signing in, enter the e-mail address it was sent to.</p>
      <EmailField
        id="account-confirm-email"
        value={email}
        error={shownError}
        onChange={(value) => {
          setEmail(value);
          setShownError(null);
        }}
      />
      <button type="submit" className="button">
        Sign in
      </button>
    </form>
  );
}
